import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  REDIRECT_FAILED_MESSAGE,
  REDIRECT_WAIT_MS,
  type SignInProvider,
  webLoginMachine,
} from './web-login.machine';
import {
  selectBusy,
  selectEmail,
  selectError,
  selectProvider,
  selectResent,
  selectStep,
} from './web-login.selectors';

const target = { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: '0' };
const apiError = (status: number, code: number, message: string, data: unknown = null) => ({
  status,
  code,
  message,
  data,
});

interface Stubs {
  provider?: SignInProvider | null | Error;
  send?: () => Promise<void>;
  /** The URL, or what the call throws. */
  oauthUrl?: string | object;
}

function start(stubs: Stubs = {}) {
  const sent: { email: string; target: typeof target }[] = [];
  const oauth: { provider: SignInProvider }[] = [];
  const redirects: string[] = [];
  const actor = createActor(
    webLoginMachine.provide({
      actors: {
        lookupProvider: fromPromise(async () => {
          if (stubs.provider instanceof Error) throw stubs.provider;
          return stubs.provider ?? null;
        }),
        sendLink: fromPromise(async ({ input }) => {
          sent.push(input);
          await (stubs.send ?? (async () => {}))();
        }),
        startOAuth: fromPromise(async ({ input }) => {
          oauth.push({ provider: input.provider });
          if (typeof stubs.oauthUrl === 'object') throw stubs.oauthUrl;
          return { url: stubs.oauthUrl ?? 'https://idp.test/auth' };
        }),
        redirect: fromCallback(({ input }) => {
          redirects.push(input.url);
        }),
      },
    }),
    { input: target },
  );
  actor.start();
  return { actor, sent, oauth, redirects };
}

describe('web login', () => {
  it('an address with no provider gets a link: editing → checking → sending → sent → resending → resent', async () => {
    const { actor, sent } = start();
    expect(selectStep(actor.getSnapshot())).toBe('form');
    actor.send({ type: 'login.email', email: '  nora@newco.test ' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toEqual([{ email: 'nora@newco.test', target }]);
    expect(selectStep(actor.getSnapshot())).toBe('verify');
    expect(selectEmail(actor.getSnapshot())).toBe('nora@newco.test');
    expect(selectResent(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'login.resend' });
    await waitFor(actor, (s) => s.matches('resent'));
    expect(sent).toHaveLength(2);
    expect(selectResent(actor.getSnapshot())).toBe(true);
    // Send again once more from 'resent'.
    actor.send({ type: 'login.resend' });
    await waitFor(actor, (s) => s.matches('resent') && sent.length === 3);
  });

  it('an address of a Google or Microsoft domain goes to that provider instead of a link', async () => {
    const { actor, sent, oauth, redirects } = start({
      provider: 'microsoft',
      oauthUrl: 'https://login.test/x',
    });
    actor.send({ type: 'login.email', email: 'ann@contoso.test' });
    await waitFor(actor, (s) => s.matches({ redirecting: 'leaving' }));
    expect(oauth).toEqual([{ provider: 'microsoft' }]);
    expect(redirects).toEqual(['https://login.test/x']);
    expect(sent).toEqual([]);
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    expect(selectProvider(actor.getSnapshot())).toBe('microsoft');
  });

  it('a failed look-up still mails the link', async () => {
    const { actor, sent } = start({ provider: new Error('offline') });
    actor.send({ type: 'login.email', email: 'a@b.test' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sent).toHaveLength(1);
  });

  it("a refused send goes back to the form with the server's message; a field error reads as field plus message", async () => {
    const tooMany = start({
      send: () => Promise.reject(apiError(429, 1800, 'Too many attempts. Please try again later')),
    });
    tooMany.actor.send({ type: 'login.email', email: 'a@b.test' });
    await waitFor(tooMany.actor, (s) => s.matches('editing') && s.context.errorMessage !== null);
    expect(selectError(tooMany.actor.getSnapshot())).toBe('Too many attempts. Please try again later');
    tooMany.actor.send({ type: 'login.edit' });
    expect(selectError(tooMany.actor.getSnapshot())).toBeNull();

    const invalid = start({
      send: () =>
        Promise.reject(apiError(400, 10, 'Validation error', [{ field: 'email', message: 'is invalid' }])),
    });
    invalid.actor.send({ type: 'login.email', email: 'a@b.test' });
    await waitFor(invalid.actor, (s) => s.context.errorMessage !== null);
    expect(selectError(invalid.actor.getSnapshot())).toBe('Email is invalid');

    const broken = start({ send: () => Promise.reject(new TypeError('Failed to fetch')) });
    broken.actor.send({ type: 'login.email', email: 'a@b.test' });
    await waitFor(broken.actor, (s) => s.context.errorMessage !== null);
    expect(selectError(broken.actor.getSnapshot())).toBe('Unknown error');
  });

  it('a refused resend stays on "Verify your email" with the message', async () => {
    let calls = 0;
    const { actor } = start({
      send: async () => {
        calls += 1;
        if (calls > 1) throw apiError(429, 1800, 'Too many attempts. Please try again later');
      },
    });
    actor.send({ type: 'login.email', email: 'a@b.test' });
    await waitFor(actor, (s) => s.matches('sent'));
    actor.send({ type: 'login.resend' });
    await waitFor(actor, (s) => s.matches('sent') && s.context.errorMessage !== null);
    expect(selectStep(actor.getSnapshot())).toBe('verify');
    expect(selectError(actor.getSnapshot())).toBe('Too many attempts. Please try again later');
  });

  it('the Google button starts the OAuth sign-in; a refusal comes back with its message', async () => {
    const ok = start();
    ok.actor.send({ type: 'login.provider', provider: 'google' });
    await waitFor(ok.actor, (s) => s.matches({ redirecting: 'leaving' }));
    expect(ok.oauth).toEqual([{ provider: 'google' }]);
    expect(ok.redirects).toEqual(['https://idp.test/auth']);

    const refused = start({
      oauthUrl: apiError(400, 10, 'Validation error', [{ field: 'provider', message: 'is not available' }]),
    });
    refused.actor.send({ type: 'login.provider', provider: 'microsoft' });
    await waitFor(refused.actor, (s) => s.matches('editing') && s.context.errorMessage !== null);
    expect(selectError(refused.actor.getSnapshot())).toBe('Provider is not available');
  });

  it('a redirect that never leaves the page fails after the wait', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = start();
      actor.send({ type: 'login.provider', provider: 'google' });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ redirecting: 'leaving' })).toBe(true));
      vi.advanceTimersByTime(REDIRECT_WAIT_MS);
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(selectError(actor.getSnapshot())).toBe(REDIRECT_FAILED_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });
});
