/**
 * Resolves in a later task, so that the work after it does not lengthen the current one: the main
 * thread can paint and answer input in between (a long task is what Lighthouse's blocking time counts).
 * `scheduler.yield()` where the browser has it: the continuation then runs ahead of other queued tasks,
 * so the start-up keeps its place; else a zero-delay timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
