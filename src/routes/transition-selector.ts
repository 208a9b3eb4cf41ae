// Reading an actor in a transition (decision 028). useSelector reads through
// useSyncExternalStore, whose updates React always renders synchronously, in one task: when a team's
// data lands, the whole frame or page renders in one long task (300-400 ms under Lighthouse's 4x CPU
// slowdown). A value read here is applied in a transition instead, which React renders in slices of
// about 5 ms, yielding to the browser between them. The price: the view shows the previous value
// until the slice work is done, which is right for data arriving (loading -> ready) and wrong for
// what a person types or clicks: those keep useSelector.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { AnyActorRef } from 'xstate';

/** An actor as the hooks read it: its snapshots and their changes. */
export type Readable<TSnapshot> = Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): TSnapshot };

interface Read<TSnapshot, T> {
  actor: Readable<TSnapshot>;
  selector: (snapshot: TSnapshot) => T;
  value: T;
}

/**
 * Like useSelector, but a change re-renders in a transition. `selector` and `compare` must be stable
 * (module constants or memoised); a new actor or selector is read at once, in the same render.
 */
export function useSelectorInTransition<TSnapshot, T>(
  actor: Readable<TSnapshot>,
  selector: (snapshot: TSnapshot) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const [read, setRead] = useState<Read<TSnapshot, T>>(() => ({
    actor,
    selector,
    value: selector(actor.getSnapshot()),
  }));
  // The last value handed to React (rendered or pending): an unchanged one schedules no render.
  const latest = useRef(read);
  let current = read;
  if (read.actor !== actor || read.selector !== selector) {
    // React's pattern for state derived from props: set during render, rendered again at once.
    current = { actor, selector, value: selector(actor.getSnapshot()) };
    latest.current = current;
    setRead(current);
  }
  useEffect(() => {
    const update = () => {
      const value = selector(actor.getSnapshot());
      const last = latest.current;
      if (last.actor === actor && last.selector === selector && compare(last.value, value)) return;
      const next = { actor, selector, value };
      latest.current = next;
      startTransition(() => setRead(next));
    };
    // A snapshot that changed between the render and this subscription is not missed.
    update();
    const subscription = actor.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actor, selector, compare]);
  return current.value;
}
