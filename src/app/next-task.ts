/**
 * Resolves in a later task, so that the work after it does not lengthen the current one: the main
 * thread can paint and answer input in between (a long task is what Lighthouse's blocking time counts).
 * `scheduler.yield()` where the browser has it: the continuation then runs ahead of other queued tasks,
 * so the start-up keeps its place; else a zero-delay timer.
 * In a hidden tab (a link opened in the background) at once: no one waits on a hidden page's main
 * thread, and the browser runs a hidden page's timers at most once a second, which would hold the
 * start-up back that long per step (as the start script does, decision 056).
 */
export function nextTask(): Promise<void> {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
