// Answers asked for as the console starts, kept for the one page load that would otherwise ask for
// them a round trip later (decisions 036 and 041). A page's first load takes its answer once, and
// only while it is fresh. A failed early answer becomes the page's own request: the page meets the
// failure itself, through its own error handling, so nothing is shown or escalated twice.

/** Older than this, an early answer is not taken: the page asks afresh. */
export const EARLY_ANSWER_FRESH_MS = 5_000;

export interface EarlyAnswers<T> {
  keep(key: string, answer: Promise<T>, now?: number): void;
  /** The answer kept under `key`, once: null when none was kept, or it is stale. */
  take(key: string, askAgain: () => Promise<T>, now?: number): Promise<T> | null;
}

export function earlyAnswers<T>(): EarlyAnswers<T> {
  const kept = new Map<string, { answer: Promise<T>; askedAt: number }>();
  return {
    keep(key, answer, now = Date.now()) {
      // Only a page's load reads it; until then a failure must not surface as an unhandled one.
      answer.catch(() => {});
      kept.set(key, { answer, askedAt: now });
    },
    take(key, askAgain, now = Date.now()) {
      const entry = kept.get(key);
      kept.delete(key);
      if (!entry || now - entry.askedAt > EARLY_ANSWER_FRESH_MS) return null;
      return entry.answer.catch(askAgain);
    },
  };
}
