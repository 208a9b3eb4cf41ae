import { isValidEmail } from '@domain/email';
import { ErrorCode } from '@domain/error-codes';
import type { OAuthProblem } from '@domain/web-signup';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  backToWebLoginPage,
  isServerFailure,
  wantsPage,
  webLoginUrl,
} from '../auth/web-login/back-to-web-login';
import {
  accountOfAddress,
  checkSignUpCanContinue,
  continueSignIn,
  DESTINATIONS,
} from '../auth/web-login/continue-sign-in';
import { accountOfIdentity, SignInRefusal } from '../auth/web-login/identity-account';
import { newOAuthSecrets, type OAuthClient, type VerifiedPerson } from '../auth/web-login/oauth-client';
import {
  clearedOAuthStateCookie,
  cookieMatchesState,
  oauthStateCookie,
  oauthStateCookieOf,
} from '../auth/web-login/oauth-state-cookie';
import type { ProviderLookup } from '../auth/web-login/provider-lookup';
import {
  newLinkKey,
  SIGN_IN_LINK_TTL_MS,
  sha256,
  signInLinkMail,
  signInLinkUrl,
} from '../auth/web-login/sign-in-link';
import type { OAuthState } from '../db/repositories/web-login.repository';
import {
  AppError,
  ItemNotFoundError,
  TokenInvalidError,
  TooManyRequestsError,
  ValidationError,
} from '../errors';
import { createFixedWindowLimiter } from '../http/fixed-window-limiter';
import { createKeyGuessLimit } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';
import { deviceInfoShape } from './schemas/common';

export interface WebLoginRoutesOptions {
  oauth: OAuthClient;
  lookupProvider: ProviderLookup;
}

/** An OAuth sign-in must come back within this time. */
const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Sign-in mails: per address (nobody's inbox gets flooded) and per client address (nobody sprays). */
const MAILS_PER_ADDRESS_PER_HOUR = 5;
const MAILS_PER_CLIENT_PER_HOUR = 30;
/** Provider look-ups and OAuth starts per client address and minute: they cost a DNS query or a row. */
const LOOKUPS_PER_CLIENT_PER_MINUTE = 60;
const SWEEP_EVERY = 100;

const email = z
  .string()
  .max(254)
  .transform((value) => value.trim())
  .refine(isValidEmail, { message: 'is invalid' });

const target = {
  destination: z.enum(DESTINATIONS),
  teamPlanId: z.string().min(1).max(100),
  // The console sends a number, or null when empty (spec section 5); 0 means a new team.
  teamId: z.number().int().min(0).max(2147483647).nullable(),
};

const providersBody = z.strictObject({ email });
const emailLoginBody = z.strictObject({ email, ...target, ...deviceInfoShape });
const oauthLoginBody = z.strictObject({
  provider: z.enum(['google', 'microsoft']),
  ...target,
  app: deviceInfoShape.app,
});
const callbackQuery = z.object({ key: z.string().min(1).max(200) });
const oauthCallbackQuery = z.object({
  state: z.string().min(1).max(200),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** The `link` value /web-login shows a message for (src/domain/web-signup.ts signInLinkProblem). */
const LINK_PROBLEM = { unknown: 'invalid', used: 'used', expired: 'expired' } as const;

/**
 * Web sign-up and sign-in (spec section 7, 'Auth and general'), all open to visitors: which provider
 * an address belongs to, a mailed one-time link, and Google or Microsoft through OpenID Connect. Both
 * ways land on the server (GET callbacks), which signs the person in and sends the browser on to the
 * destination (continue-sign-in.ts). Link keys and OAuth states are single use and kept hashed.
 */
export const webLoginRoutes: FastifyPluginAsync<WebLoginRoutesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limiter = (name: string, limit: number, windowMs: number) =>
    createFixedWindowLimiter({ name, limit, windowMs, clock: app.clock, db: app.db });
  const perAddress = limiter('web-login-mail-address', MAILS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  const perClient = limiter('web-login-mail-client', MAILS_PER_CLIENT_PER_HOUR, HOUR_MS);
  const lookups = limiter('web-login-lookup-client', LOOKUPS_PER_CLIENT_PER_MINUTE, 60_000);
  // A link key that signs nobody in (unknown, used or expired) is a miss, as for the other keys in
  // URLs: once a client address has spent its misses, even a right key waits for the window's end.
  const linkMisses = createKeyGuessLimit(app, 'web-login-link-misses');

  const limit = async (check: ReturnType<typeof limiter>, key: string, reply: FastifyReply) => {
    const { allowed, retryAfterSeconds } = await check.hit(key);
    if (allowed) return;
    void reply.header('retry-after', String(retryAfterSeconds));
    throw new TooManyRequestsError(retryAfterSeconds);
  };

  // Spent and expired links and states are deleted now and then (one request in SWEEP_EVERY).
  let sinceSweep = 0;
  const sweepNowAndThen = async () => {
    if (++sinceSweep < SWEEP_EVERY) return;
    sinceSweep = 0;
    await app.repos.webLogin.deleteExpired(new Date(app.clock.now().getTime() - HOUR_MS));
  };

  const redirectUri = () =>
    new URL('api/v1/auth/web/oauth/callback', `${app.publicUrl().replace(/\/+$/, '')}/`).toString();
  const cookieScope = () => {
    const callback = new URL(redirectUri());
    return { path: callback.pathname, secure: callback.protocol === 'https:' };
  };

  const checkPlan = async (planId: string) => {
    const price = await app.repos.billing.findPrice(planId);
    if (!price || price.amount === 0)
      throw new ValidationError([{ field: 'teamPlanId', message: 'is invalid' }]);
  };

  const goTo = (reply: FastifyReply, url: string) =>
    reply.header('cache-control', 'no-store').redirect(url, 303);

  /** A browser goes back to /web-login, which says why; a program gets the error body. */
  const refuseForeignCallback = (request: FastifyRequest, reply: FastifyReply) => {
    if (!wantsPage(request)) {
      throw new ValidationError([{ field: 'state', message: 'was not started in this browser' }]);
    }
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(backToWebLoginPage(webLoginUrl(app.publicUrl(), { oauth: 'browser' })));
  };

  /** An OAuth sign-in that signs nobody in: a browser back on /web-login saying why; a program gets `error`. */
  const refuseOAuth = (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: OAuthProblem,
    state: OAuthState | null,
    error: AppError,
  ) => {
    if (!wantsPage(request)) throw error;
    return goTo(reply, webLoginUrl(app.publicUrl(), { oauth: reason }, state));
  };

  app.post(
    '/api/v1/auth/web/oauth-providers',
    { schema: { body: providersBody } },
    async (request, reply) => {
      await limit(lookups, request.ip, reply);
      // A provider this server has no keys for is no way in: that address gets the mailed link.
      const provider = await options.lookupProvider(request.body.email);
      return { data: { provider: provider && options.oauth.isConfigured(provider) ? provider : null } };
    },
  );

  app.post('/api/v1/auth/web/login/email', { schema: { body: emailLoginBody } }, async (request, reply) => {
    const { email: address, destination, teamPlanId, teamId, ...device } = request.body;
    await checkPlan(teamPlanId);
    // No link is mailed that could only end on 'payments are not configured'.
    checkSignUpCanContinue(app);
    await limit(perClient, request.ip, reply);
    await limit(perAddress, address.toLowerCase(), reply);
    await sweepNowAndThen();
    const { key, hash } = newLinkKey();
    const expiresAt = new Date(app.clock.now().getTime() + SIGN_IN_LINK_TTL_MS);
    await app.repos.webLogin.createLink({
      keyHash: hash,
      email: address,
      destination,
      teamPlanId,
      teamId,
      device,
      expiresAt,
    });
    await app.mailer.send(
      signInLinkMail({ to: address, link: signInLinkUrl(app.publicUrl(), key), expiresAt }),
    );
    return reply.code(204).send();
  });

  app.get(
    '/api/v1/auth/web/login/email/callback',
    {
      schema: { querystring: callbackQuery },
      preHandler: (request, reply) => linkMisses.check(request, reply),
    },
    async (request, reply) => {
      const browser = wantsPage(request);
      const unavailable = () => goTo(reply, webLoginUrl(app.publicUrl(), { link: 'unavailable' }));
      // What follows must be able to run before the link is spent: otherwise it stays usable.
      try {
        checkSignUpCanContinue(app);
      } catch (error) {
        if (browser) return unavailable();
        throw error;
      }
      const keyHash = sha256(request.query.key);
      const usedAt = app.clock.now();
      const link = await app.repos.webLogin.consumeLink(keyHash, usedAt);
      if (typeof link === 'string') {
        await linkMisses.recordFailure(request);
        // A person clicking an old mail gets the sign-up page saying what happened (and may ask for a
        // new link there); a program gets the error body.
        if (browser) return goTo(reply, webLoginUrl(app.publicUrl(), { link: LINK_PROBLEM[link] }));
        if (link === 'unknown') throw new ItemNotFoundError('Sign-in link is invalid');
        if (link === 'used') throw new AppError(410, ErrorCode.tokenInvalid, 'Sign-in link was already used');
        throw new AppError(410, ErrorCode.tokenInvalid, 'Sign-in link has expired');
      }
      try {
        return goTo(reply, await continueSignIn(app, await accountOfAddress(app, link.email), link));
      } catch (error) {
        if (!isServerFailure(error)) throw error;
        // Nobody was signed in (the payment provider failed): the link works again.
        await app.repos.webLogin.releaseLink(keyHash, usedAt);
        if (!browser) throw error;
        request.log.error({ err: error }, 'web sign-up could not continue; the link was released');
        return unavailable();
      }
    },
  );

  registerOAuthRoutes(instance, options, {
    limit: (reply) => limit(lookups, reply.request.ip, reply),
    checkPlan,
    sweepNowAndThen,
    goTo,
    redirectUri,
    cookieScope,
    refuseForeignCallback,
    refuseOAuth,
  });
};

/** What the OAuth routes share with the rest of web sign-in: limits, checks and the way back. */
interface OAuthRouteHelpers {
  /** The per-client lookup limit, as the provider lookup counts it. */
  limit(reply: FastifyReply): Promise<void>;
  checkPlan(planId: string): Promise<void>;
  sweepNowAndThen(): Promise<void>;
  goTo(reply: FastifyReply, url: string): FastifyReply;
  redirectUri(): string;
  cookieScope(): { path: string; secure: boolean };
  refuseForeignCallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  refuseOAuth(
    request: FastifyRequest,
    reply: FastifyReply,
    reason: OAuthProblem,
    state: OAuthState | null,
    error: AppError,
  ): FastifyReply;
}

/** Sign-in with Google or Microsoft: the start, and the provider's callback. */
function registerOAuthRoutes(
  instance: FastifyInstance,
  options: WebLoginRoutesOptions,
  {
    limit,
    checkPlan,
    sweepNowAndThen,
    goTo,
    redirectUri,
    cookieScope,
    refuseForeignCallback,
    refuseOAuth,
  }: OAuthRouteHelpers,
): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post('/api/v1/auth/web/login/oauth', { schema: { body: oauthLoginBody } }, async (request, reply) => {
    const { provider, destination, teamPlanId, teamId } = request.body;
    await checkPlan(teamPlanId);
    await limit(reply);
    if (!options.oauth.isConfigured(provider)) {
      throw new ValidationError([{ field: 'provider', message: 'is not available' }]);
    }
    checkSignUpCanContinue(app);
    await sweepNowAndThen();
    const secrets = newOAuthSecrets();
    await app.repos.webLogin.createOAuthState({
      stateHash: sha256(secrets.state),
      provider,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      destination,
      teamPlanId,
      teamId,
      expiresAt: new Date(app.clock.now().getTime() + OAUTH_STATE_TTL_MS),
    });
    const url = await options.oauth.authorizationUrl(provider, { redirectUri: redirectUri(), ...secrets });
    void reply.header(
      'set-cookie',
      oauthStateCookie(secrets.state, OAUTH_STATE_TTL_MS / 1000, cookieScope()),
    );
    return { data: { url } };
  });

  app.get(
    '/api/v1/auth/web/oauth/callback',
    { schema: { querystring: oauthCallbackQuery } },
    async (request, reply) => {
      // Only the browser that started the sign-in may finish it (login CSRF). The state stays unspent,
      // so that browser can still come back with it.
      if (!cookieMatchesState(oauthStateCookieOf(request.headers.cookie), request.query.state)) {
        return refuseForeignCallback(request, reply);
      }
      void reply.header('set-cookie', clearedOAuthStateCookie(cookieScope()));
      // The state is spent first, whatever follows: a replayed or forged callback finds nothing.
      const state = await app.repos.webLogin.consumeOAuthState(sha256(request.query.state), app.clock.now());
      if (!state) {
        const invalid = new ValidationError([{ field: 'state', message: 'is invalid' }]);
        return refuseOAuth(request, reply, 'expired', null, invalid);
      }
      // The provider said no, or the person cancelled there: back to the sign-up page, where they started.
      if (request.query.error || !request.query.code) {
        const reason = request.query.error === 'access_denied' ? 'cancelled' : 'failed';
        return goTo(reply, webLoginUrl(app.publicUrl(), { oauth: reason }, state));
      }
      try {
        checkSignUpCanContinue(app);
      } catch (error) {
        return refuseOAuth(request, reply, 'unavailable', state, error as AppError);
      }
      // The provider's answer exactly as it came (iss included: RFC 9207 mix-up defence), at our URL.
      const callbackUrl = new URL(redirectUri());
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      let person: VerifiedPerson;
      try {
        person = await options.oauth.exchange(state.provider, callbackUrl, {
          state: request.query.state,
          nonce: state.nonce,
          codeVerifier: state.codeVerifier,
        });
      } catch (error) {
        request.log.info({ err: error, provider: state.provider }, 'oauth sign-in refused');
        return refuseOAuth(request, reply, 'failed', state, new TokenInvalidError());
      }
      try {
        return goTo(reply, await continueSignIn(app, await accountOfIdentity(app, person), state));
      } catch (error) {
        if (error instanceof SignInRefusal) {
          request.log.info({ provider: state.provider, reason: error.reason }, 'oauth sign-in refused');
          return refuseOAuth(request, reply, error.reason, state, new TokenInvalidError());
        }
        if (!isServerFailure(error) || !wantsPage(request)) throw error;
        request.log.error({ err: error }, 'web sign-up could not continue');
        return goTo(reply, webLoginUrl(app.publicUrl(), { oauth: 'unavailable' }, state));
      }
    },
  );
}
