import { createActor, fromPromise } from 'xstate';
import type { TeamEvent } from '@/domain/entities';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  DEFAULT_LOOKBEHIND_MINUTES,
  type EventStreamInput,
  eventStreamMachine,
  type FetchEventsInput,
  MAX_EVENTS,
  POLL_INTERVAL_MS,
} from './event-stream.machine';

const NOW = Date.UTC(2026, 0, 1, 12);
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const event = (id: number, type = 'team.renamed'): TeamEvent => ({ id, type, data: { id } });

/** A viewer whose fetches answer from `answers` in turn (an Error fails that call). */
function start(answers: (TeamEvent[] | Error)[], input: EventStreamInput = {}) {
  const calls: FetchEventsInput[] = [];
  const actor = createActor(
    eventStreamMachine.provide({
      actors: {
        fetchEvents: fromPromise(async ({ input: call }) => {
          calls.push(call);
          const answer = answers.shift() ?? [];
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, calls, state: () => actor.getSnapshot().value };
}

describe('event stream viewer', () => {
  it('first asks from now minus the lookbehind, then from the last id, every poll interval', async () => {
    const { actor, calls, state } = start([[event(NOW - 1000), event(NOW - 500)], [], [event(NOW + 10)]]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ stream: null, offset: NOW - DEFAULT_LOOKBEHIND_MINUTES * 60_000 }]);
    expect(state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(calls[1]).toEqual({ stream: null, offset: NOW - 500 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    // An empty answer keeps the offset.
    expect(calls[2]).toEqual({ stream: null, offset: NOW - 500 });
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([NOW - 1000, NOW - 500, NOW + 10]);
  });

  it('backs off exponentially on errors, capped, and resets after a success', async () => {
    const fail = new Error('down');
    const { actor, calls, state } = start([fail, fail, fail, [event(NOW)], []]);
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBe('backingOff');
    expect(actor.getSnapshot().hasTag('failing')).toBe(true);
    await vi.advanceTimersByTimeAsync(backoffDelay(1) - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(backoffDelay(2));
    expect(calls).toHaveLength(3);
    expect(actor.getSnapshot().context.failures).toBe(3);
    await vi.advanceTimersByTimeAsync(backoffDelay(3));
    expect(calls).toHaveLength(4);
    expect(actor.getSnapshot().context.failures).toBe(0);
    expect(state()).toBe('waiting');
    expect([backoffDelay(1), backoffDelay(2), backoffDelay(3)]).toEqual([2000, 4000, 8000]);
    expect(backoffDelay(50)).toBe(BACKOFF_MAX_MS);
  });

  it('stops while the page is hidden and resumes when visible', async () => {
    const { actor, calls, state } = start([[event(NOW)], [], []]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'page.hidden' });
    expect(state()).toBe('paused');
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 10);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'page.visible' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.offset).toBe(NOW);
  });

  it('starts paused when the page is hidden from the start', async () => {
    const { calls, state } = start([], { hidden: true });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(state()).toBe('paused');
    expect(calls).toHaveLength(0);
  });

  it('a new stream or lookbehind starts over from now minus the lookbehind', async () => {
    const { actor, calls } = start([[event(NOW)], [], []]);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'es.stream', stream: { teamId: 3, userId: 4 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[1]).toEqual({
      stream: { teamId: 3, userId: 4 },
      offset: NOW - DEFAULT_LOOKBEHIND_MINUTES * 60_000,
    });
    expect(actor.getSnapshot().context.events).toEqual([]);
    actor.send({ type: 'es.lookbehind', minutes: 60 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[2]).toEqual({ stream: { teamId: 3, userId: 4 }, offset: NOW - 60 * 60_000 });
  });

  it('keeps only the newest rows', async () => {
    const many = Array.from({ length: MAX_EVENTS + 5 }, (_, i) => event(NOW + i));
    const { actor } = start([many]);
    await vi.advanceTimersByTimeAsync(0);
    const ids = actor.getSnapshot().context.events.map((e) => e.id);
    expect(ids).toHaveLength(MAX_EVENTS);
    expect(ids[0]).toBe(NOW + 5);
  });
});
