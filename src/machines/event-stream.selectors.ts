import type { SnapshotFrom } from 'xstate';
import type { TeamEvent } from '@/domain/entities';
import type { eventStreamMachine } from './event-stream.machine';

type EventStreamSnapshot = SnapshotFrom<typeof eventStreamMachine>;

/** Oldest first, as polled (the same array until new events arrive). */
export const selectEvents = (snapshot: EventStreamSnapshot): TeamEvent[] => snapshot.context.events;
export const selectLookbehind = (snapshot: EventStreamSnapshot): number => snapshot.context.lookbehindMinutes;
/** '12-34' for a team user's stream, 'global' for the global one. */
export const selectStreamValue = (snapshot: EventStreamSnapshot): string => {
  const { stream } = snapshot.context;
  return stream ? `${stream.teamId}-${stream.userId}` : 'global';
};
export type EventStreamStatus = 'live' | 'failing' | 'paused';
export const selectStatus = (snapshot: EventStreamSnapshot): EventStreamStatus =>
  snapshot.hasTag('failing') ? 'failing' : snapshot.matches('paused') ? 'paused' : 'live';
export const selectFailures = (snapshot: EventStreamSnapshot): number => snapshot.context.failures;
