// Team Overview (spec sections 2 'Overview' and 6): loads the team fresh through the screen-setup
// flow (loading, then the overview, or the error with Retry), then hands it to the overview screen.
// A first load takes the team its route asked for (overview/overview.load.ts).
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { getTeam } from '@/api/teams';
import type { TeamMembership } from '@/domain/entities';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import type { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useScreenSetupWithRouteData } from '@/routes/loads/use-route-data';
import { useSelectionsInTransition } from '@/routes/screen-flow';
import { overviewLoad } from '@/routes/team/overview/overview.load';
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
  // In already, the page starts ready with the team its route asked for; else its first load waits.
  const setup = useScreenSetupWithRouteData(overviewLoad, (api, signal) => getTeam(api, teamUser, signal));
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
