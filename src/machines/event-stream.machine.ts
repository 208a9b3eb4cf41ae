// The event stream viewer (/debug-es, spec sections 2 and 9): polls one stream (global, or a team
// user's team) continuously, each call asking for the events after the last id seen. Ids are
// millisecond timestamps, so the first call's offset is "now minus the lookbehind". Failures back off
// exponentially up to a cap; while the page is hidden nothing is polled, and polling resumes when it
// is visible again. Changing the stream or the lookbehind starts over.
//
// The fetch is injected with `provide`; the clock is Date.now (fake timers control it in tests).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TeamEvent } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';

/** Spec section 9: 'Event lookbehind options (minutes)'. */
export const LOOKBEHIND_MINUTES = [1, 5, 10, 15, 30, 60, 180, 360, 720, 1440, 2880, 4320, 5760] as const;
export const DEFAULT_LOOKBEHIND_MINUTES = 5;
/** Pause between two successful polls. */
export const POLL_INTERVAL_MS = 2000;
/** The first retry after a failure; each further failure doubles it, up to the cap. */
export const BACKOFF_BASE_MS = 2000;
export const BACKOFF_MAX_MS = 60_000;
/** Rows kept in the table: the newest; a long session must not grow without bound. */
export const MAX_EVENTS = 1000;

/** null: the global stream (GET /api/v1/events); else a team user's team stream. */
export type EventStreamChoice = TeamUserRef | null;

export interface EventStreamInput {
  /** document.visibilityState was 'hidden' when the viewer started. */
  hidden?: boolean;
  stream?: EventStreamChoice;
  lookbehindMinutes?: number;
}

export interface EventStreamContext {
  stream: EventStreamChoice;
  lookbehindMinutes: number;
  /** Oldest first. */
  events: TeamEvent[];
  /** The last id seen: the next poll asks for what came after it. */
  offset: number;
  /** Failed polls in a row (0 after a success). */
  failures: number;
  startsHidden: boolean;
}

export type EventStreamEvent =
  | { type: 'es.stream'; stream: EventStreamChoice }
  | { type: 'es.lookbehind'; minutes: number }
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

export interface FetchEventsInput {
  stream: EventStreamChoice;
  offset: number;
}

/** The wait before the next poll after `failures` failures in a row: 2 s, 4 s, 8 s... at most 60 s. */
export function backoffDelay(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

const offsetFor = (lookbehindMinutes: number) => Date.now() - lookbehindMinutes * 60_000;

export const eventStreamMachine = setup({
  types: {
    input: {} as EventStreamInput,
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
  },
  actors: {
    fetchEvents: fromPromise<TeamEvent[], FetchEventsInput>(async () => {
      throw new Error('fetchEvents is not provided');
    }),
  },
  actions: {
    chooseStream: assign(({ event, context }) => {
      assertEvent(event, 'es.stream');
      return { stream: event.stream, events: [], failures: 0, offset: offsetFor(context.lookbehindMinutes) };
    }),
    chooseLookbehind: assign(({ event }) => {
      assertEvent(event, 'es.lookbehind');
      return { lookbehindMinutes: event.minutes, events: [], failures: 0, offset: offsetFor(event.minutes) };
    }),
    appendEvents: assign(({ context }, events: TeamEvent[]) => {
      const last = events.at(-1);
      return {
        events: last ? [...context.events, ...events].slice(-MAX_EVENTS) : context.events,
        offset: last ? last.id : context.offset,
        failures: 0,
      };
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
  guards: {
    startsHidden: ({ context }) => context.startsHidden,
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    backoff: ({ context }) => backoffDelay(context.failures),
  },
}).createMachine({
  id: 'eventStream',
  context: ({ input }) => {
    const lookbehindMinutes = input.lookbehindMinutes ?? DEFAULT_LOOKBEHIND_MINUTES;
    return {
      stream: input.stream ?? null,
      lookbehindMinutes,
      events: [],
      offset: offsetFor(lookbehindMinutes),
      failures: 0,
      startsHidden: input.hidden ?? false,
    };
  },
  initial: 'starting',
  on: {
    'es.stream': { target: '.polling', reenter: true, actions: 'chooseStream' },
    'es.lookbehind': { target: '.polling', reenter: true, actions: 'chooseLookbehind' },
  },
  states: {
    starting: {
      always: [{ guard: 'startsHidden', target: 'paused' }, { target: 'polling' }],
    },
    polling: {
      tags: 'live',
      on: { 'page.hidden': 'paused' },
      invoke: {
        id: 'fetchEvents',
        src: 'fetchEvents',
        input: ({ context }) => ({ stream: context.stream, offset: context.offset }),
        onDone: {
          target: 'waiting',
          actions: { type: 'appendEvents', params: ({ event }) => event.output },
        },
        onError: { target: 'backingOff', actions: 'countFailure' },
      },
    },
    waiting: {
      tags: 'live',
      on: { 'page.hidden': 'paused' },
      after: { pollInterval: 'polling' },
    },
    backingOff: {
      tags: 'failing',
      on: { 'page.hidden': 'paused' },
      after: { backoff: 'polling' },
    },
    paused: {
      on: { 'page.visible': 'polling' },
    },
  },
});
