// The act-on-load personal pages (spec section 2 'Personal pages'): /pb/setup (a setup-mode checkout
// for the card), /pb/portal (the customer portal) and /pb/trial (starts the trial, then the profile).
// One statechart for all three (personal-redirect.machine.ts); each page gives its call.
import { useNavigate } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { createPersonalSetup, createPortalSession, startTrial } from '@/api/personal-billing';
import { errorOf } from '@/machines/actor-error';
import { personalRedirectMachine } from '@/machines/personal-redirect.machine';
import { selectRedirectBusy, selectRedirectError } from '@/machines/personal-redirect.selectors';
import { pathTo } from '@/routes/route-table';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { PersonalRedirectView } from '@/ui/personal/PersonalRedirectView';

interface RedirectPageSpec {
  title: string;
  request: (api: ApiClient) => Promise<{ url: string }>;
}

const SPECS = {
  setup: { title: 'Change card', request: createPersonalSetup },
  portal: { title: 'Billing portal', request: createPortalSession },
  trial: {
    title: 'Start trial',
    request: async (api) => {
      await startTrial(api);
      return { url: pathTo('profile') };
    },
  },
} satisfies Record<string, RedirectPageSpec>;

const VIEW = { busy: selectRedirectBusy, errorMessage: selectRedirectError };

function PersonalRedirectPage({ kind }: { kind: keyof typeof SPECS }) {
  const spec = SPECS[kind];
  const navigate = useNavigate();
  const actor = useScreenFlow(({ api, handleError }) =>
    personalRedirectMachine.provide({
      actors: {
        request: fromPromise(() => spec.request(api)),
        redirect: fromCallback(({ input }: { input: { url: string } }) => {
          // The console's own pages are routed here; the provider's pages are another site.
          if (input.url.startsWith('/') && !input.url.startsWith('//'))
            navigate(input.url, { replace: true });
          else window.location.assign(input.url);
        }),
      },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const { busy, errorMessage } = useSelections(actor, VIEW);
  return (
    <PersonalRedirectView
      title={spec.title}
      busy={busy}
      errorMessage={errorMessage}
      onRetry={() => actor.send({ type: 'redirect.retry' })}
    />
  );
}

export const SetupPage = () => <PersonalRedirectPage kind="setup" />;
export const PortalPage = () => <PersonalRedirectPage kind="portal" />;
export const TrialPage = () => <PersonalRedirectPage kind="trial" />;
