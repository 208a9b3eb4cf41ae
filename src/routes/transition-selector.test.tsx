// The hook's promise (decision 028): an actor's change re-renders in a transition, which React runs
// in a task of the scheduler (sliced, yielding to the browser), never in the microtask after the
// change as useSelector's synchronous update is.
import { useSelector } from '@xstate/react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { assign, createActor, setup } from 'xstate';
import { useSelectorInTransition } from '@/routes/transition-selector';

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'inc' } },
}).createMachine({
  context: { count: 0 },
  on: { inc: { actions: assign({ count: ({ context }) => context.count + 1 }) } },
});
const selectCount = (snapshot: { context: { count: number } }) => snapshot.context.count;
const selectTimesTen = (snapshot: { context: { count: number } }) => snapshot.context.count * 10;
type CounterActor = ReturnType<typeof createActor<typeof counter>>;

function InTransition({ actor }: { actor: CounterActor }) {
  return <output>{useSelectorInTransition(actor, selectCount)}</output>;
}

function Synchronous({ actor }: { actor: CounterActor }) {
  return <output>{useSelector(actor, selectCount)}</output>;
}

const microtasks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const task = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Renders `View` outside act (as the browser does), sends one change; what shows after microtasks and after a task. */
async function shownAfterChange(View: typeof InTransition) {
  const actor = createActor(counter).start();
  const container = document.createElement('div');
  const root = createRoot(container);
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    root.render(<View actor={actor} />);
    await task();
    const before = container.textContent;
    actor.send({ type: 'inc' });
    await microtasks();
    const afterMicrotasks = container.textContent;
    await task();
    return { before, afterMicrotasks, afterTask: container.textContent };
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    await act(async () => root.unmount());
  }
}

describe('useSelectorInTransition', () => {
  it('re-renders a change in a scheduler task, not in the microtask after it', async () => {
    expect(await shownAfterChange(InTransition)).toEqual({
      before: '0',
      afterMicrotasks: '0',
      afterTask: '1',
    });
  });

  it('where useSelector renders the same change at once (the difference it makes)', async () => {
    expect(await shownAfterChange(Synchronous)).toEqual({
      before: '0',
      afterMicrotasks: '1',
      afterTask: '1',
    });
  });

  it('reads a new selector in the same render', async () => {
    const actor = createActor(counter).start();
    const container = document.createElement('div');
    const root = createRoot(container);
    function Doubled({ factor }: { factor: number }) {
      return <output>{useSelectorInTransition(actor, factor === 1 ? selectCount : selectTimesTen)}</output>;
    }
    await act(async () => root.render(<Doubled factor={1} />));
    actor.send({ type: 'inc' });
    await act(async () => {});
    expect(container.textContent).toBe('1');
    await act(async () => root.render(<Doubled factor={10} />));
    expect(container.textContent).toBe('10');
    await act(async () => root.unmount());
  });
});
