import type { FieldError } from '@/domain/error-codes';
import { parseInvitationList } from '@/domain/invitations';
import { SingleFieldForm } from '@/ui/SingleFieldForm';

/** The address list rule (empty: 'must not be empty', a bad address: 'is invalid'), as the server's. */
function invitationListError(text: string): FieldError | null {
  const parsed = parseInvitationList(text);
  return parsed.ok ? null : parsed.error;
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
}

/** Comma-separated addresses and an Invite button. The parent remounts it (new key) after a send. */
export function InviteForm({ busy, serverError, onInvite, onEdit }: InviteFormProps) {
  return (
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
  );
}
