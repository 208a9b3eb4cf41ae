// Answers asked for as the console starts, kept for the one page load that would otherwise ask for
// them a round trip later (decisions 036, 040, 041 and 043). A page's first load takes its answer
// once, and only while it is fresh. A failed early answer goes to the taker's `askAgain`: asking
// again (the page then meets the failure itself, through its own error handling, so nothing is shown
// or escalated twice), or passing the failure on as the page's own.
// A page that starts with the answer's value (one render, one paint with its content) only peeks at
// it while it renders, and forgets it once it has committed (useEarlyValue, routes/screen-flow.ts):
// React may render a page and throw that render away, and the next render must find it still there.

/** Older than this, an early answer is not taken: the page asks afresh. */
export const EARLY_ANSWER_FRESH_MS = 5_000;

/**
 * A taken early answer: `value` when it is in already, so a page's first render can show it at once
 * (one paint with its content), else the `answer` to wait for.
 */
export type EarlyAnswer<T> = { value: T } | { answer: Promise<T> };

/** What is kept under one key. */
export interface EarlyEntry<T> {
  /** The answer, once: null when none was kept, or it is stale. For a page's load, not its render. */
  take(askAgain: (failure: unknown) => Promise<T>, now?: number): EarlyAnswer<T> | null;
  /**
   * The answer's value when it is in and fresh, without taking it: for a render, which React may
   * throw away and run again. Null when none was kept, it is stale, on its way, or failed.
   */
  peek(now?: number): { value: T } | null;
  /** Drops the answer: the page that started with its peeked value has committed. */
  forget(): void;
}

export interface EarlyAnswers<T> {
  keep(key: string, answer: Promise<T>, now?: number): void;
  /** What is kept under `key`: to peek at, take once, or forget. */
  at(key: string): EarlyEntry<T>;
}

/** A taken early answer as a promise, for a page that waits for its data either way. */
export function answerOf<T>(taken: EarlyAnswer<T>): Promise<T> {
  return 'value' in taken ? Promise.resolve(taken.value) : taken.answer;
}

interface Kept<T> {
  answer: Promise<T>;
  askedAt: number;
  /** Set once the answer is in. */
  value?: { of: T };
}

export function earlyAnswers<T>(): EarlyAnswers<T> {
  const kept = new Map<string, Kept<T>>();
  const fresh = (key: string, now: number) => {
    const entry = kept.get(key);
    return entry && now - entry.askedAt <= EARLY_ANSWER_FRESH_MS ? entry : null;
  };
  const at = (key: string): EarlyEntry<T> => ({
    take(askAgain, now = Date.now()) {
      const entry = fresh(key, now);
      kept.delete(key);
      if (!entry) return null;
      return entry.value ? { value: entry.value.of } : { answer: entry.answer.catch(askAgain) };
    },
    peek(now = Date.now()) {
      const value = fresh(key, now)?.value;
      return value ? { value: value.of } : null;
    },
    forget() {
      kept.delete(key);
    },
  });
  return {
    keep(key, answer, now = Date.now()) {
      const entry: Kept<T> = { answer, askedAt: now };
      answer.then(
        (value) => {
          entry.value = { of: value };
        },
        // Only a page's load reads it; until then a failure must not surface as an unhandled one.
        () => {},
      );
      kept.set(key, entry);
    },
    at,
  };
}
