// The Stately inspector for every app-wide actor, in development only. It opens in a new window,
// so it is asked for explicitly: open the console with `?inspect` (remembered for the tab).
import type { InspectionEvent, Observer } from 'xstate';

const FLAG = 'spark-console:inspect';

export async function devInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (new URLSearchParams(window.location.search).has('inspect')) sessionStorage.setItem(FLAG, '1');
  if (!sessionStorage.getItem(FLAG)) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
