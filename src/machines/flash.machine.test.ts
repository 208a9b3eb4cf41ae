import { createActor } from 'xstate';
import { FLASH_AUTO_CLOSE_MS, flashMachine } from './flash.machine';
import { selectShownFlash, selectWaitingCount } from './flash.selectors';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function startFlashes() {
  const actor = createActor(flashMachine).start();
  const shown = () => selectShownFlash(actor.getSnapshot())?.message ?? null;
  const show = (message: string, variant: 'info' | 'danger' = 'info') =>
    actor.send({ type: 'flash.show', variant, message });
  return { actor, shown, show };
}

describe('flash queue', () => {
  it('shows nothing until a flash arrives', () => {
    const { shown } = startFlashes();
    expect(shown()).toBeNull();
  });

  it('shows only the first flash and keeps the rest in order', () => {
    const { actor, shown, show } = startFlashes();
    show('Invitation was sent');
    show('Team was successfully deleted', 'danger');
    show('Subscription was renewed');
    expect(shown()).toBe('Invitation was sent');
    expect(selectWaitingCount(actor.getSnapshot())).toBe(2);

    actor.send({ type: 'flash.close' });
    expect(shown()).toBe('Team was successfully deleted');
    expect(selectShownFlash(actor.getSnapshot())?.variant).toBe('danger');
    actor.send({ type: 'flash.close' });
    expect(shown()).toBe('Subscription was renewed');
    actor.send({ type: 'flash.close' });
    expect(shown()).toBeNull();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('closes each flash by itself after 5000 ms, then shows the next for its own 5000 ms', () => {
    const { shown, show } = startFlashes();
    show('first');
    vi.advanceTimersByTime(3000);
    show('second');
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS - 3000 - 1);
    expect(shown()).toBe('first');
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('second');
    vi.advanceTimersByTime(FLASH_AUTO_CLOSE_MS - 1);
    expect(shown()).toBe('second');
    vi.advanceTimersByTime(1);
    expect(shown()).toBeNull();
  });

  it('restarts the timer when the user closes a flash early', () => {
    const { actor, shown, show } = startFlashes();
    show('first');
    show('second');
    vi.advanceTimersByTime(4000);
    actor.send({ type: 'flash.close' });
    vi.advanceTimersByTime(4000);
    expect(shown()).toBe('second');
  });

  it('closing a waiting flash by id removes it without touching the shown one', () => {
    const { actor, shown, show } = startFlashes();
    show('first');
    show('second');
    show('third');
    const waitingId = actor.getSnapshot().context.queue[1]?.id;
    actor.send({ type: 'flash.close', id: waitingId });
    expect(shown()).toBe('first');
    actor.send({ type: 'flash.close' });
    expect(shown()).toBe('third');
  });

  it('gives every flash its own id', () => {
    const { actor, show } = startFlashes();
    show('a');
    show('a');
    const ids = actor.getSnapshot().context.queue.map((flash) => flash.id);
    expect(new Set(ids).size).toBe(2);
  });
});
