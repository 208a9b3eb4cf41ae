import '@/app/mantine-styles';
import '@/app/color-scheme.css';
import '@/app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { markColorScheme } from '@/app/color-scheme';
import { STORAGE_KEY_PREFIX } from '@/app/config';
import { devInspector } from '@/app/inspector';
import { createAppServices } from '@/app/services';
import { createSessionStore } from '@/app/session-storage';
import { askPublicFileEarlyOn } from '@/routes/public/public-file-early';
import { askProfileEarlyOn } from '@/routes/signed-in-email-early';
import { askFirstMembersPageEarlyOn } from '@/routes/team/members/first-page-early';
import { askOverviewEarlyOn } from '@/routes/team/overview/overview-early';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
markColorScheme(document.documentElement, window);

const services = createAppServices({
  store: createSessionStore(STORAGE_KEY_PREFIX, window.localStorage, window),
  inspect: await devInspector(),
});

// A first load of the members page asks for its list now, beside the memberships (decision 036),
// and one of the overview its team (decision 043).
const startPath = window.location.pathname;
askFirstMembersPageEarlyOn(services.api, startPath);
askOverviewEarlyOn(services.api, startPath);
// So does the signed-in email the frames of home and the team pages show (decision 041), and the
// public file page's file (decision 040).
askProfileEarlyOn(services.api, startPath);
askPublicFileEarlyOn(services.api, window.location);
// A first load of billing, or a login link to it, asks for its data once the memberships show the
// owner (decision 041). Its code comes to those addresses only, beside the memberships: no other
// first visit carries it.
const startSearch = window.location.search;
if (/\/billing\/?$/.test(startPath) || /[?&]redirectTo=billing(&|$)/.test(startSearch)) {
  import('@/routes/team/billing/billing-early')
    .then(({ askBillingPageEarlyOn }) =>
      askBillingPageEarlyOn(services.api, services.registry, { pathname: startPath, search: startSearch }),
    )
    // Nothing is lost: the page asks for its data itself.
    .catch(() => {});
}

// The first render in a transition: React renders it in slices of about 5 ms instead of one long
// task, so the page's start-up does not block the main thread (Lighthouse's TBT; decision 028).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  ),
);
