// Model-based test of the event stream viewer: an invoke-free model of what the viewer promises
// (poll, wait, back off, pause while hidden, start over on a new choice); xstate/graph's shortest
// paths reach every model state, and each path is replayed on the real machine with fake timers.
import { createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { TeamEvent } from '@/domain/entities';
import {
  backoffDelay,
  eventStreamMachine,
  type FetchEventsInput,
  POLL_INTERVAL_MS,
} from './event-stream.machine';

const restart = { 'user.changesStream': '#eventStreamModel.polling' } as const;

const eventStreamModel = createMachine({
  id: 'eventStreamModel',
  initial: 'polling',
  states: {
    polling: {
      on: { 'server.answers': 'waiting', 'server.fails': 'backingOff', 'page.hidden': 'paused', ...restart },
    },
    waiting: { on: { 'time.passes': 'polling', 'page.hidden': 'paused', ...restart } },
    backingOff: { on: { 'time.passes': 'polling', 'page.hidden': 'paused', ...restart } },
    paused: { on: { 'page.visible': 'polling', ...restart } },
  },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

interface Pending {
  input: FetchEventsInput;
  resolve: (events: TeamEvent[]) => void;
  reject: (error: Error) => void;
}

function createHarness() {
  const pending: Pending[] = [];
  const actor = createActor(
    eventStreamMachine.provide({
      actors: {
        fetchEvents: fromPromise<TeamEvent[], FetchEventsInput>(
          ({ input }) => new Promise((resolve, reject) => pending.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: {} },
  ).start();
  return { actor, pending };
}

type Harness = ReturnType<typeof createHarness>;
let nextId = Date.now();

const plays: Record<string, (h: Harness) => void> = {
  'server.answers': (h) => h.pending.at(-1)?.resolve([{ id: ++nextId, type: 'team.renamed', data: {} }]),
  'server.fails': (h) => h.pending.at(-1)?.reject(new Error('down')),
  'time.passes': (h) => {
    const { failures } = h.actor.getSnapshot().context;
    vi.advanceTimersByTime(
      h.actor.getSnapshot().matches('backingOff') ? backoffDelay(failures) : POLL_INTERVAL_MS,
    );
  },
  'page.hidden': (h) => h.actor.send({ type: 'page.hidden' }),
  'page.visible': (h) => h.actor.send({ type: 'page.visible' }),
  'user.changesStream': (h) => h.actor.send({ type: 'es.stream', stream: { teamId: 1, userId: 2 } }),
};

const model = createTestModel(eventStreamModel);
const paths = model.getShortestPaths();
const leafIds = (machine: { root: Parameters<typeof getStateNodes>[0] }) =>
  getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' && node.always === undefined)
    .map((node) => node.path.join('.'))
    .sort();

describe('event stream statechart, model-based', () => {
  it('models every resting state of the real machine, and the paths reach all of them', () => {
    expect(leafIds(eventStreamModel)).toEqual(leafIds(eventStreamMachine));
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect(reached.size).toBe(leafIds(eventStreamMachine).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = createHarness();
      const same =
        (extra: () => void = () => {}) =>
        async (modelState: { value: unknown }) => {
          expect(harness.actor.getSnapshot().value).toEqual(modelState.value);
          extra();
        };
      await path.test({
        events: Object.fromEntries(
          Object.entries(plays).map(([type, play]) => [
            type,
            async () => {
              play(harness);
              await vi.advanceTimersByTimeAsync(0);
            },
          ]),
        ),
        states: {
          polling: same(() => expect(harness.pending.length).toBeGreaterThan(0)),
          waiting: same(() => expect(harness.actor.getSnapshot().context.failures).toBe(0)),
          backingOff: same(() => expect(harness.actor.getSnapshot().context.failures).toBeGreaterThan(0)),
          paused: same(() => {
            const calls = harness.pending.length;
            vi.advanceTimersByTime(POLL_INTERVAL_MS * 5);
            expect(harness.pending.length).toBe(calls);
          }),
        },
      });
    });
  }
});
