import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import classes from './TeamOverview.module.css';

export interface TeamExitCardProps {
  /** Everyone but the owner (canLeaveTeam). */
  canLeave: boolean;
  /** The owner (canDeleteTeam). */
  canDelete: boolean;
  /** Why Delete is disabled (a premium team), shown beside it; null when it is not. */
  deleteBlockedReason: string | null;
  onLeave: () => void;
  onDelete: () => void;
}

/** Leave team (members and admins) or Delete team (the owner); each opens a confirmation. */
export function TeamExitCard({
  canLeave,
  canDelete,
  deleteBlockedReason,
  onLeave,
  onDelete,
}: TeamExitCardProps) {
  const noteId = useId();
  if (!canLeave && !canDelete) return null;
  return (
    <Paper withBorder p="lg" className={classes.card}>
      <Stack gap="md">
        {canDelete && (
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text id={noteId} size="sm" c="dimmed">
              {deleteBlockedReason ?? 'Deleting the team removes it for every member.'}
            </Text>
            <Button
              variant="outline"
              color="red"
              className={classes.exitButton}
              disabled={deleteBlockedReason !== null}
              aria-describedby={noteId}
              onClick={onDelete}
            >
              Delete team
            </Button>
          </Group>
        )}
        {canLeave && (
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text size="sm" c="dimmed">
              Leaving the team ends your access to it.
            </Text>
            <Button variant="outline" color="red" className={classes.exitButton} onClick={onLeave}>
              Leave team
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
