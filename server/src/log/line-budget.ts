/** At most `lines` lines per window; the rest are counted and reported once when their window ends. */
export interface LineBudget {
  /** Whether one more line may be written now; false counts it as suppressed. */
  take(): boolean;
  /** Reports what is still counted and stops the timer (the app is closing). */
  stop(): void;
}

export interface LineBudgetOptions {
  lines: number;
  windowMs: number;
  /** Called (from a timer) with the number of lines left out in a window that has ended. */
  reportSuppressed: (count: number, windowMs: number) => void;
  now?: () => number;
}

/**
 * A fixed-window allowance for log lines that one cause can repeat per request: a database outage
 * under load used to write a stack trace per call, thousands of lines a second. The first lines of a
 * burst are kept whole (they name the first failing calls); after them, one line says how many more.
 */
export function createLineBudget(options: LineBudgetOptions): LineBudget {
  const now = options.now ?? (() => performance.now());
  let windowStart = Number.NEGATIVE_INFINITY;
  let used = 0;
  let suppressed = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (suppressed === 0) return;
    const count = suppressed;
    suppressed = 0;
    options.reportSuppressed(count, options.windowMs);
  };
  return {
    take() {
      const at = now();
      if (at - windowStart >= options.windowMs) {
        windowStart = at;
        used = 0;
      }
      if (used < options.lines) {
        used += 1;
        return true;
      }
      suppressed += 1;
      if (!timer) {
        timer = setTimeout(flush, Math.max(0, windowStart + options.windowMs - at));
        // A summary line is not a reason to keep the process alive.
        timer.unref();
      }
      return false;
    },
    stop() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}
