// Team Overview (spec sections 2 'Overview' and 6): loads the team fresh through the screen-setup
// flow (loading, then the overview, or the error with Retry), then hands it to the overview screen.
// A first load takes the team asked for as the console started (overview-early.ts).
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { assign, fromPromise, type SnapshotFrom } from 'xstate';
import { getTeam } from '@/api/teams';
import type { TeamMembership } from '@/domain/entities';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useScreenFlow, useSelectionsInTransition } from '@/routes/screen-flow';
import { takeOverviewEarly } from '@/routes/team/overview/overview-early';
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
  const setup = useScreenFlow(({ api, handleError }) => {
    // A first load may find its team asked for as the console started (overview-early.ts): in
    // already, the page starts ready with it; else its first load waits for that answer.
    const early = takeOverviewEarly(teamUser, () => getTeam(api, teamUser));
    const answered = early && 'value' in early ? early.value : null;
    let pending = early && 'answer' in early ? early.answer : null;
    return screenSetupMachine.provide({
      guards: { isAnswered: () => answered !== null },
      actors: {
        load: fromPromise(({ signal }) => {
          const first = pending;
          pending = null;
          return first ?? getTeam(api, teamUser, signal);
        }),
      },
      actions: {
        storeAnswer: assign({ data: () => answered }),
        escalate: ({ event }) => handleError(errorOf(event)),
      },
    });
  });
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
