import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useRef } from 'react';
import * as z from 'zod/mini';
import { fieldErrorText } from '@/domain/field-errors';
import {
  CONFIRM_TEAM_NAME_FIELD,
  confirmsTeamName,
  INCORRECT_TEAM_NAME_MESSAGE,
} from '@/domain/team-details';

/** Spec section 5: field 'Team name' with message 'is incorrect', read as 'Team name is incorrect'. */
const INCORRECT_TEAM_NAME_TEXT = fieldErrorText({
  field: CONFIRM_TEAM_NAME_FIELD,
  message: INCORRECT_TEAM_NAME_MESSAGE,
});

export type TeamExitKind = 'delete' | 'leave';

export interface TeamExitDialogProps {
  /** The open dialog, or null when closed. */
  kind: TeamExitKind | null;
  teamName: string;
  /** The call is running. */
  busy: boolean;
  /** The server's reason for refusing, shown in the dialog. */
  errorMessage: string | null;
  /** The team name was typed exactly. */
  onConfirm: () => void;
  onCancel: () => void;
}

const TEXTS: Record<TeamExitKind, { title: string; body: (team: string) => string; action: string }> = {
  delete: {
    title: 'Delete team',
    body: (team) => `This deletes ${team} and removes every member from it. It cannot be undone.`,
    action: 'Delete team',
  },
  leave: {
    title: 'Leave team',
    body: (team) => `You will no longer have access to ${team}.`,
    action: 'Leave team',
  },
};

/** Delete or leave team, confirmed by typing the team name exactly (spec section 5). */
export function TeamExitDialogModal({
  kind,
  teamName,
  busy,
  errorMessage,
  onConfirm,
  onCancel,
}: TeamExitDialogProps) {
  // Keeps the wording while the dialog animates out after kind became null.
  const lastKind = useRef<TeamExitKind>('leave');
  if (kind) lastKind.current = kind;
  const texts = TEXTS[kind ?? lastKind.current];
  return (
    <Modal opened={kind !== null} onClose={() => !busy && onCancel()} title={texts.title} centered>
      {kind && (
        <ConfirmForm
          teamName={teamName}
          body={texts.body(teamName)}
          action={texts.action}
          busy={busy}
          errorMessage={errorMessage}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

interface ConfirmFormProps
  extends Pick<TeamExitDialogProps, 'teamName' | 'busy' | 'errorMessage' | 'onConfirm' | 'onCancel'> {
  body: string;
  action: string;
}

function ConfirmForm({ teamName, body, action, busy, errorMessage, onConfirm, onCancel }: ConfirmFormProps) {
  const schema = useMemo(
    () =>
      z.object({
        teamName: z
          .string()
          .check(z.refine((typed) => confirmsTeamName(typed, teamName), { error: INCORRECT_TEAM_NAME_TEXT })),
      }),
    [teamName],
  );
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { teamName: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(() => onConfirm())}>
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        {errorMessage && (
          <Alert color="red" role="alert">
            {errorMessage}
          </Alert>
        )}
        <TextInput
          label={CONFIRM_TEAM_NAME_FIELD}
          description={`Type ${teamName} to confirm.`}
          autoComplete="off"
          data-autofocus
          key={form.key('teamName')}
          {...form.getInputProps('teamName')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
