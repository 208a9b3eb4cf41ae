// The value of an answer asked for as the console started (api/early-answers.ts), for a page to
// start with when it is in already: the page's first render shows it, in one paint.
import { useEffect, useState } from 'react';
import type { EarlyEntry } from '@/api/early-answers';

/**
 * The early answer's value, or null when it is not in (the page's first load then takes what is on
 * its way, after commit). The render only peeks: React may render a page and throw that render away
 * (a transition, a lazy piece suspending), and the next render must find the value still there; a
 * take in the render made that next render ask again. The value is forgotten once the page has
 * committed, so it is shown once.
 */
export function useEarlyValue<T>(entryOf: () => EarlyEntry<T> | null): T | null {
  const [early] = useState(() => {
    const entry = entryOf();
    const peeked = entry?.peek();
    return entry && peeked ? { entry, value: peeked.value } : null;
  });
  useEffect(() => {
    early?.entry.forget();
  }, [early]);
  return early ? early.value : null;
}
