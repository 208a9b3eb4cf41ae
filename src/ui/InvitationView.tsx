import { Loader, Stack, Text, Title } from '@mantine/core';

export type InvitationStatus = 'accepting' | 'accepted' | 'notFound' | 'failed';

export interface InvitationViewProps {
  status: InvitationStatus;
  /** The team joined, once accepted. */
  teamName: string | null;
}

const statusLines: Record<Exclude<InvitationStatus, 'accepted'>, string> = {
  accepting: 'Accepting invitation...',
  notFound: 'Invitation link is expired or invalid.',
  failed: 'Unknown error.',
};

/**
 * /accept-invitation (spec sections 2 and 8): the texts of each step, letter for letter. The status
 * line is one element whose text changes, as on /back-to-app: the prerendered first step's line is
 * the line the answer fills in.
 */
export function InvitationView({ status, teamName }: InvitationViewProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="status" aria-live="polite">
      {status !== 'accepted' && <h1 className="visually-hidden">Team invitation</h1>}
      {status === 'accepting' && <Loader size="sm" />}
      {status === 'accepted' ? (
        <Title order={1} size="h2">{`Invitation accepted. Welcome to the "${teamName ?? ''}" team.`}</Title>
      ) : (
        <Text>{statusLines[status]}</Text>
      )}
      {status === 'failed' && <Text c="dimmed">Please return to Spark manually.</Text>}
    </Stack>
  );
}
