import { Button, Group, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { INVITATION_FIELD, parseInvitationList } from '@/domain/invitations';
import classes from './InviteForm.module.css';

// The address list is checked by the domain rule (empty: 'must not be empty', a bad address:
// 'is invalid'), so the form and the server word their complaints alike.
const invitationSchema = z.object({
  [INVITATION_FIELD]: z.string().superRefine((text, context) => {
    const parsed = parseInvitationList(text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error.message });
  }),
});

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
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { [INVITATION_FIELD]: '' },
    validate: schemaResolver(invitationSchema, { sync: true }),
    onValuesChange: () => {
      if (serverError) onEdit();
    },
  });
  const input = form.getInputProps(INVITATION_FIELD);
  const submit = form.onSubmit((values) => {
    const parsed = parseInvitationList(values[INVITATION_FIELD] ?? '');
    if (parsed.ok) onInvite(parsed.emails);
  });
  return (
    <form noValidate onSubmit={submit} className={classes.form}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          key={form.key(INVITATION_FIELD)}
          {...input}
          error={input.error ?? serverError}
          label="Invite people"
          placeholder="name@example.com, another@example.com"
          description="Separate email addresses with commas"
          className={classes.field}
        />
        <Button type="submit" loading={busy} className={classes.submit}>
          Invite
        </Button>
      </Group>
    </form>
  );
}
