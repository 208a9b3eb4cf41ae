// Answers asked for as the console starts, kept for the one page load that would otherwise ask for
// them a round trip later (decisions 036, 040 and 041). A page's first load takes its answer once,
// and only while it is fresh. A failed early answer goes to the taker's `askAgain`: asking again
// (the page then meets the failure itself, through its own error handling, so nothing is shown or
// escalated twice), or passing the failure on as the page's own.

/** Older than this, an early answer is not taken: the page asks afresh. */
export const EARLY_ANSWER_FRESH_MS = 5_000;

/**
 * A taken early answer: `value` when it is in already, so a page's first render can show it at once
 * (one paint with its content), else the `answer` to wait for.
 */
export type EarlyAnswer<T> = { value: T } | { answer: Promise<T> };

export interface EarlyAnswers<T> {
  keep(key: string, answer: Promise<T>, now?: number): void;
  /** The answer kept under `key`, once: null when none was kept, or it is stale. */
  take(key: string, askAgain: (failure: unknown) => Promise<T>, now?: number): EarlyAnswer<T> | null;
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
    take(key, askAgain, now = Date.now()) {
      const entry = kept.get(key);
      kept.delete(key);
      if (!entry || now - entry.askedAt > EARLY_ANSWER_FRESH_MS) return null;
      return entry.value ? { value: entry.value.of } : { answer: entry.answer.catch(askAgain) };
    },
  };
}
