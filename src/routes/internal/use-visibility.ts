import { useEffect } from 'react';

/** Tells a flow when the page is hidden or visible again (document.visibilityState). */
export function useVisibility(flow: { send: (event: { type: 'page.hidden' | 'page.visible' }) => void }) {
  useEffect(() => {
    const report = () =>
      flow.send({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' });
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [flow]);
}
