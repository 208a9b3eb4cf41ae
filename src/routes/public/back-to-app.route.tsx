// /back-to-app?key= (spec section 2): resolves a one-time redirect key and goes there; only the app's
// URL scheme or a path of this console is followed (back-to-app.machine).
import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { getRedirect } from '@/api/redirects';
import { backToAppMachine } from '@/machines/back-to-app.machine';
import { useHydrated } from '@/prerender/use-hydrated';
import { useScreenFlow } from '@/routes/screen-flow';
import { type BackToAppStatus, BackToAppView } from '@/ui/BackToAppView';

const selectStatus = (snapshot: SnapshotFrom<typeof backToAppMachine>): BackToAppStatus =>
  snapshot.matches('redirecting')
    ? 'redirecting'
    : snapshot.matches('invalid')
      ? 'invalid'
      : snapshot.matches('failed')
        ? 'failed'
        : 'loading';

export function BackToAppPage() {
  const key = useSearchParams()[0].get('key') ?? '';
  const flow = useScreenFlow(
    ({ api }) =>
      backToAppMachine.provide({
        actors: { getRedirect: fromPromise(({ input }) => getRedirect(api, input.key)) },
        actions: { followRedirect: (_, url) => window.location.assign(url) },
      }),
    { key },
  );
  const status = useSelector(flow, selectStatus);
  // Prerendered, the page is the first step (the key is no build's to know) until hydration.
  const hydrated = useHydrated();
  return <BackToAppView status={hydrated ? status : 'loading'} />;
}
