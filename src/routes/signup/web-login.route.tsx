// /web-login (spec section 2): sign up by email link, Google or Microsoft. The page's statechart
// (machines/web-login.machine.ts) runs the calls; this wires it to the API and the browser.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import { loginByEmail, loginByOauth, oauthProviders } from '@/api/web-login';
import { settingsJson } from '@/app/config';
import { deviceInfo } from '@/app/device-info';
import type { AppServices } from '@/app/services';
import { parseSignInProviders } from '@/domain/sign-in-providers';
import { oauthSignInProblem, signInLinkProblem, webLoginTarget } from '@/domain/web-signup';
import { webLoginMachine } from '@/machines/web-login.machine';
import {
  selectBusy,
  selectEmail,
  selectError,
  selectProvider,
  selectResent,
  selectStep,
} from '@/machines/web-login.selectors';
import { useHydrated } from '@/prerender/use-hydrated';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { WebLoginView } from '@/ui/WebLoginView';

/**
 * The sign-in providers the server can use: this page offers only these (the mailed link always).
 * Read as the page starts, not at import: the build prerenders the page once per provider set.
 */
const readSignInProviders = () => parseSignInProviders(settingsJson());

const createFlow = ({ api }: AppServices) =>
  webLoginMachine.provide({
    actors: {
      // A provider this server cannot use is no way in: that address gets the mailed link.
      lookupProvider: fromPromise(async ({ input }) => {
        const { provider } = (await oauthProviders(api, input.email)).data;
        return provider && readSignInProviders().includes(provider) ? provider : null;
      }),
      sendLink: fromPromise(({ input }) => loginByEmail(api, input.email, input.target, deviceInfo())),
      startOAuth: fromPromise(
        async ({ input }) => (await loginByOauth(api, input.provider, input.target)).data,
      ),
      redirect: fromCallback(({ input }) => {
        window.location.assign(input.url);
      }),
    },
  });

const selectors = {
  step: selectStep,
  busy: selectBusy,
  email: selectEmail,
  resent: selectResent,
  provider: selectProvider,
  errorMessage: selectError,
};

export function WebLoginPage() {
  const [query] = useSearchParams();
  const [signInProviders] = useState(readSignInProviders);
  // Prerendered, the form paints before its code has loaded: it is disabled until it works.
  const hydrated = useHydrated();
  const actor = useScreenFlow(createFlow, webLoginTarget(query));
  const view = useSelections(actor, selectors);
  // Back from a mailed link that no longer works or cannot finish yet, or from a Google or Microsoft
  // sign-in that signed nobody in (cancelled, refused, not started here): said until the visitor asks again.
  const linkProblem =
    view.step === 'form'
      ? (signInLinkProblem(query.get('link')) ?? oauthSignInProblem(query.get('oauth')))
      : null;
  return (
    <WebLoginView
      {...view}
      errorMessage={view.errorMessage ?? linkProblem}
      providers={signInProviders}
      ready={hydrated}
      onSubmitEmail={(email) => actor.send({ type: 'login.email', email })}
      onProvider={(provider) => actor.send({ type: 'login.provider', provider })}
      onResend={() => actor.send({ type: 'login.resend' })}
      onEdit={() => actor.send({ type: 'login.edit' })}
    />
  );
}
