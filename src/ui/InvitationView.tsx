import { Loader, Stack, Text, Title } from '@mantine/core';

export type InvitationStatus = 'accepting' | 'accepted' | 'notFound' | 'failed';

export interface InvitationViewProps {
  status: InvitationStatus;
  /** The team joined, once accepted. */
  teamName: string | null;
}

/** /accept-invitation (spec sections 2 and 8): the texts of each step, letter for letter. */
export function InvitationView({ status, teamName }: InvitationViewProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="status" aria-live="polite">
      {status !== 'accepted' && <h1 className="visually-hidden">Team invitation</h1>}
      {status === 'accepting' && (
        <>
          <Loader size="sm" />
          <Text>Accepting invitation...</Text>
        </>
      )}
      {status === 'accepted' && (
        <Title order={1} size="h2">{`Invitation accepted. Welcome to the "${teamName ?? ''}" team.`}</Title>
      )}
      {status === 'notFound' && <Text>Invitation link is expired or invalid.</Text>}
      {status === 'failed' && (
        <>
          <Text>Unknown error.</Text>
          <Text c="dimmed">Please return to Spark manually.</Text>
        </>
      )}
    </Stack>
  );
}
