// Whether the page's code is wired to what it shows. A prerendered page (src/prerender/) paints
// from HTML before its code has loaded: until hydration its buttons would look ready and do
// nothing, so views render them disabled while this says false.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while React renders on the server and while it hydrates the prerendered HTML (the server's
 * snapshot, so the first client render matches the HTML), true from the render after; a page
 * rendered on the client alone (no prerendered HTML) is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
