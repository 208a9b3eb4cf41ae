import { Button, FileButton, Stack, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_INPUT, DELETE_AVATAR_QUESTION } from '@/domain/image-upload';
import { Avatar } from '@/ui/Avatar';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import classes from './TeamOverview.module.css';

export interface TeamLogoProps {
  /** The team name: the picture's alt text and the initials without a logo. */
  name: string;
  logo: string | null;
  /** The owner may change the logo (canEditTeam). */
  editable: boolean;
  /** 'PNG, JPG only' or the server's message about the picked file. */
  error: string | null;
  /** Any picked file: the type is checked by the caller (spec: 'PNG, JPG only'). */
  onUpload: (file: File) => void;
  /** Called once the user confirmed 'Do you really want to delete avatar?'. */
  onRemove: () => void;
}

/** The team logo (initials without one) and, for the owner, upload and removal. */
export function TeamLogo({ name, logo, editable, error, onUpload, onRemove }: TeamLogoProps) {
  const [confirming, setConfirming] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const errorId = useId();
  return (
    <div className={classes.logo}>
      <Avatar name={name} src={logo} size={88} />
      {editable && (
        <>
          <Stack gap={4} align="center">
            <FileButton
              accept={ACCEPTED_IMAGE_INPUT}
              resetRef={resetPicker}
              inputProps={{ 'aria-label': 'Team logo file' }}
              onChange={(file) => {
                // Cleared so that picking the same file again is a new pick.
                resetPicker.current?.();
                if (file) onUpload(file);
              }}
            >
              {(props) => (
                <Button {...props} variant="light" size="xs" aria-describedby={error ? errorId : undefined}>
                  Upload logo
                </Button>
              )}
            </FileButton>
            {logo && (
              <Button variant="subtle" color="red" size="xs" onClick={() => setConfirming(true)}>
                Remove logo
              </Button>
            )}
          </Stack>
          {error && (
            <Text id={errorId} role="alert" size="xs" c="red" ta="center">
              {error}
            </Text>
          )}
          <ConfirmDialog
            opened={confirming}
            title={DELETE_AVATAR_QUESTION}
            confirmLabel="Delete"
            onConfirm={() => {
              setConfirming(false);
              onRemove();
            }}
            onDismiss={() => setConfirming(false)}
          />
        </>
      )}
    </div>
  );
}
