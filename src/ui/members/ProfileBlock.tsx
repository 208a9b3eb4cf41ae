import { Button, FileButton, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TeamUser } from '@/domain/entities';
import { ACCEPTED_IMAGE_INPUT, DELETE_AVATAR_QUESTION } from '@/domain/image-upload';
import { displayName } from '@/domain/members';
import { fullNameError } from '@/domain/profile';
import { Avatar } from '@/ui/Avatar';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { SingleFieldForm } from '@/ui/SingleFieldForm';
import { ROLE_LABELS } from './MemberRow';
import classes from './ProfileBlock.module.css';

export interface ProfileBlockProps {
  user: TeamUser;
  avatarSrc: string | null;
  /** Changes when the name is rolled back: the field then shows the saved name again. */
  nameRevision: number;
  /** The server's complaint about the name, shown under the field. */
  nameError: string | null;
  savingName: boolean;
  avatarError: string | null;
  avatarBusy: boolean;
  confirmingAvatarDelete: boolean;
  onSaveName: (fullName: string) => void;
  /** The name field changed after a complaint. */
  onEditName: () => void;
  onUploadAvatar: (file: File) => void;
  onDeleteAvatar: () => void;
  onConfirmAvatarDelete: () => void;
  onDismissAvatarDelete: () => void;
}

/** The caller's own profile in this team: avatar, 'Your Full Name', Company Role and Email. */
export function ProfileBlock(props: ProfileBlockProps) {
  const { user, avatarSrc, avatarError, avatarBusy, confirmingAvatarDelete } = props;
  return (
    <Paper withBorder p="lg" className={classes.root}>
      <Title order={2} size="h4" mb="md">
        Your profile
      </Title>
      <div className={classes.layout}>
        <Stack gap="xs" align="center" className={classes.avatar}>
          <Avatar name={displayName(user)} src={avatarSrc} size={88} />
          <FileButton
            // What the picker offers; anything else picked anyway is refused with 'PNG, JPG only'.
            accept={ACCEPTED_IMAGE_INPUT}
            disabled={avatarBusy}
            onChange={(file) => {
              if (file) props.onUploadAvatar(file);
            }}
            inputProps={{ 'aria-label': 'Avatar file' }}
          >
            {(buttonProps) => (
              <Button {...buttonProps} size="xs" variant="light" loading={avatarBusy}>
                Upload avatar
              </Button>
            )}
          </FileButton>
          {user.avatar && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={avatarBusy}
              onClick={props.onDeleteAvatar}
            >
              Delete avatar
            </Button>
          )}
          {avatarError && (
            <Text size="xs" c="red" role="alert">
              {avatarError}
            </Text>
          )}
        </Stack>
        <Stack gap="sm" className={classes.fields}>
          <SingleFieldForm
            // Remounted (a new key) to show the saved name again after a rollback.
            key={props.nameRevision}
            initialValue={user.fullName}
            rule={fullNameError}
            serverError={props.nameError}
            onEdit={props.onEditName}
            busy={props.savingName}
            submitLabel="Save"
            inputProps={{ label: 'Your Full Name' }}
            onSubmit={props.onSaveName}
          />
          <TextInput label="Company Role" value={ROLE_LABELS[user.role]} readOnly variant="filled" />
          <TextInput label="Email" value={user.email} readOnly variant="filled" />
        </Stack>
      </div>
      <ConfirmDialog
        opened={confirmingAvatarDelete}
        title="Delete avatar"
        message={DELETE_AVATAR_QUESTION}
        confirmLabel="Delete"
        onConfirm={props.onConfirmAvatarDelete}
        onDismiss={props.onDismissAvatarDelete}
      />
    </Paper>
  );
}
