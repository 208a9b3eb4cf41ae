import { Stack, Text } from '@mantine/core';
import type { FieldError } from '@/domain/error-codes';
import { namedInvitationListError, parseInvitationList } from '@/domain/invitations';
import { SingleFieldForm } from '@/ui/SingleFieldForm';

/**
 * The address list rule (empty: 'must not be empty', a bad address: 'is invalid'), as the server's,
 * with the bad addresses named: 'Email is invalid: pete@acme'.
 */
function invitationListError(text: string): FieldError | null {
  return namedInvitationListError(parseInvitationList(text));
}

const INPUT_PROPS = {
  label: 'Invite people',
  placeholder: 'name@example.com, another@example.com',
  description: 'Separate email addresses with commas',
};

export interface InviteFormProps {
  busy: boolean;
  /** The server's complaint about the addresses, shown under the field. */
  serverError: string | null;
  onInvite: (emails: string[]) => void;
  /** The field changed after a complaint. */
  onEdit: () => void;
  /** Which addresses the last send left alone and why ('Not invited: ...'), or null. */
  skippedNote?: string | null;
  /** On a paid plan, what one more seat costs, said before sending; null: nothing. */
  seatCostNote?: string | null;
}

/** Comma-separated addresses and an Invite button. The parent remounts it (new key) after a send. */
export function InviteForm({
  busy,
  serverError,
  onInvite,
  onEdit,
  skippedNote = null,
  seatCostNote = null,
}: InviteFormProps) {
  return (
    <Stack gap={4}>
      <SingleFieldForm
        rule={invitationListError}
        serverError={serverError}
        onEdit={onEdit}
        busy={busy}
        submitLabel="Invite"
        inputProps={INPUT_PROPS}
        onSubmit={(text) => {
          const parsed = parseInvitationList(text);
          if (parsed.ok) onInvite(parsed.emails);
        }}
      />
      {seatCostNote && (
        <Text size="sm" c="dimmed" data-testid="seat-cost">
          {seatCostNote}
        </Text>
      )}
      {/* Always present, so screen readers announce the note when it appears. */}
      <Text size="sm" c="orange.9" role="status">
        {skippedNote}
      </Text>
    </Stack>
  );
}
