// Team Overview (spec sections 2 'Overview' and 6): loads the team fresh through the screen-setup
// flow (loading, then the overview, or the error with Retry), then hands it to the overview screen.
// A first load takes the team asked for as the console started (overview-early.ts).
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { getTeam } from '@/api/teams';
import type { TeamMembership } from '@/domain/entities';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import type { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useSelectionsInTransition } from '@/routes/screen-flow';
import { useScreenSetupStartingEarly } from '@/routes/screen-setup-early';
import { overviewEarly } from '@/routes/team/overview/overview-early';
import { TeamOverviewScreen } from '@/routes/team/overview/team-overview-screen';
import { ScreenSetupStatus } from '@/ui/ScreenSetupStatus';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;

const selectLoading = (snapshot: SetupSnapshot) => snapshot.hasTag('loading');
const selectMembership = (snapshot: SetupSnapshot) =>
  snapshot.matches('ready') ? (snapshot.context.data as TeamMembership) : null;
const selectErrorMessage = (snapshot: SetupSnapshot) =>
  snapshot.matches('failed') ? snapshot.context.errorMessage : null;

const SETUP_VIEW = {
  loading: selectLoading,
  membership: selectMembership,
  errorMessage: selectErrorMessage,
};

export function OverviewPage() {
  // The route's loader has already refused anything that is not {tid}-{uid}; the page is keyed by it.
  const teamUser = parseTeamUserRef(useParams().teamUser ?? '') ?? { teamId: 0, userId: 0 };
  // A first load may find its team asked for as the console started (overview-early.ts): in
  // already, the page starts ready with it; else its first load waits for that answer.
  const setup = useScreenSetupStartingEarly(
    () => overviewEarly(teamUser),
    (api, signal) => getTeam(api, teamUser, signal),
  );
  const { loading, membership, errorMessage } = useSelectionsInTransition(setup, SETUP_VIEW);

  return (
    <Stack gap="md">
      <Title order={2}>Overview</Title>
      <ScreenSetupStatus
        loading={loading}
        errorMessage={errorMessage}
        onRetry={() => setup.send({ type: 'setup.retry' })}
      />
      {membership && <TeamOverviewScreen membership={membership} teamUser={teamUser} />}
    </Stack>
  );
}
