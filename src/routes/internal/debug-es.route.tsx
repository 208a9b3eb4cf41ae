// /debug-es (spec section 2, staff only): the profile says whether the caller is staff; staff get the
// event stream viewer (event-stream.machine), anyone else a clear message and no data.
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getGlobalEvents, getTeamEvents } from '@/api/events';
import { getProfile } from '@/api/profile';
import { useServices } from '@/app/services-context';
import type { Profile } from '@/domain/entities';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from '@/machines/actor-error';
import { eventStreamMachine, LOOKBEHIND_MINUTES } from '@/machines/event-stream.machine';
import {
  selectEvents,
  selectLookbehind,
  selectStatus,
  selectStreamValue,
} from '@/machines/event-stream.selectors';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { selectSelectableMemberships } from '@/machines/team-registry.selectors';
import { useVisibility } from '@/routes/internal/use-visibility';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ErrorBox } from '@/ui/ErrorBox';
import { EventStreamView, type StreamOption } from '@/ui/EventStreamView';

type Access = 'loading' | 'staff' | 'denied' | 'failed';

const selectAccess = (snapshot: SnapshotFrom<typeof screenSetupMachine>): Access => {
  if (snapshot.matches('ready')) return (snapshot.context.data as Profile).isStaff ? 'staff' : 'denied';
  return snapshot.matches('failed') ? 'failed' : 'loading';
};
const selectErrorMessage = (snapshot: SnapshotFrom<typeof screenSetupMachine>) =>
  snapshot.context.errorMessage ?? '';

const VIEW = {
  events: selectEvents,
  lookbehindMinutes: selectLookbehind,
  status: selectStatus,
  stream: selectStreamValue,
};

/** The viewer itself: starts polling when staff open it, stops when they leave. */
function EventStreamScreen() {
  const { registry } = useServices();
  const memberships = useSelector(registry, selectSelectableMemberships);
  const streams: StreamOption[] = useMemo(
    () => [
      { value: 'global', label: 'Global' },
      ...memberships.map((m) => ({
        value: `${m.team.id}-${m.profile.id}`,
        label: `${m.team.name} (${m.profile.email})`,
      })),
    ],
    [memberships],
  );
  const flow = useScreenFlow(
    ({ api }) =>
      eventStreamMachine.provide({
        actors: {
          fetchEvents: fromPromise(({ input }) =>
            input.stream
              ? getTeamEvents(api, input.stream, input.offset)
              : getGlobalEvents(api, input.offset),
          ),
        },
      }),
    { hidden: document.visibilityState === 'hidden' },
  );
  // The machine stops polling while the page is hidden (spec: the viewer stops when hidden).
  useVisibility(flow);
  const view = useSelections(flow, VIEW);
  return (
    <EventStreamView
      {...view}
      streams={streams}
      lookbehindOptions={LOOKBEHIND_MINUTES}
      onStreamChange={(value) => flow.send({ type: 'es.stream', stream: parseTeamUserRef(value) })}
      onLookbehindChange={(minutes) => flow.send({ type: 'es.lookbehind', minutes })}
    />
  );
}

export function DebugEsPage() {
  const setup = useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      actors: { load: fromPromise<unknown, unknown>(() => getProfile(api)) },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const access = useSelector(setup, selectAccess);
  const errorMessage = useSelector(setup, selectErrorMessage);
  if (access === 'staff') return <EventStreamScreen />;
  return (
    <Stack gap="md" py="md">
      <Title order={1} size="h2">
        Event stream
      </Title>
      {access === 'loading' && <Loader size="sm" />}
      {access === 'failed' && (
        <ErrorBox message={errorMessage} onRetry={() => setup.send({ type: 'setup.retry' })} />
      )}
      {access === 'denied' && <Text>This page is only for Spark staff.</Text>}
    </Stack>
  );
}
