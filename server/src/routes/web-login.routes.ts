import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { isValidEmail } from '../../../src/domain/email';
import { ErrorCode } from '../../../src/domain/error-codes';
import { continueSignIn, DESTINATIONS } from '../auth/web-login/continue-sign-in';
import { newOAuthSecrets, type OAuthClient } from '../auth/web-login/oauth-client';
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
import { deviceInfoShape } from './schemas';

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

/**
 * Web sign-up and sign-in (spec section 7, 'Auth and general'), all open to visitors: which provider
 * an address belongs to, a mailed one-time link, and Google or Microsoft through OpenID Connect. Both
 * ways land on the server (GET callbacks), which signs the person in and sends the browser on to the
 * destination (continue-sign-in.ts). Link keys and OAuth states are single use and kept hashed.
 */
/** The `link` value /web-login shows a message for (src/domain/web-signup.ts signInLinkProblem). */
const LINK_PROBLEM = { unknown: 'invalid', used: 'used', expired: 'expired' } as const;

/** The page a browser gets when its callback has no state cookie: 400, then on to /web-login saying why. */
const backToWebLogin = (url: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${url}">
<title>Sign-in not finished</title></head>
<body><p>This sign-in was not started in this browser. <a href="${url}">Back to sign-up</a></p></body></html>`;

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
  const refuseForeignCallback = (accept: string | undefined, reply: FastifyReply) => {
    if (!(accept ?? '').includes('text/html')) {
      throw new ValidationError([{ field: 'state', message: 'was not started in this browser' }]);
    }
    const back = new URL('web-login?oauth=browser', `${app.publicUrl().replace(/\/+$/, '')}/`).toString();
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(backToWebLogin(back));
  };

  app.post(
    '/api/v1/auth/web/oauth-providers',
    { schema: { body: providersBody } },
    async (request, reply) => {
      await limit(lookups, request.ip, reply);
      return { data: { provider: await options.lookupProvider(request.body.email) } };
    },
  );

  app.post('/api/v1/auth/web/login/email', { schema: { body: emailLoginBody } }, async (request, reply) => {
    const { email: address, destination, teamPlanId, teamId, ...device } = request.body;
    await checkPlan(teamPlanId);
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
      const link = await app.repos.webLogin.consumeLink(sha256(request.query.key), app.clock.now());
      if (typeof link === 'string') {
        await linkMisses.recordFailure(request);
        // A person clicking an old mail gets the sign-up page saying what happened (and may ask for a
        // new link there); a program gets the error body.
        if ((request.headers.accept ?? '').includes('text/html')) {
          return goTo(
            reply,
            new URL(`web-login?link=${LINK_PROBLEM[link]}`, `${app.publicUrl()}/`).toString(),
          );
        }
        if (link === 'unknown') throw new ItemNotFoundError('Sign-in link is invalid');
        if (link === 'used') throw new AppError(410, ErrorCode.tokenInvalid, 'Sign-in link was already used');
        throw new AppError(410, ErrorCode.tokenInvalid, 'Sign-in link has expired');
      }
      return goTo(reply, await continueSignIn(app, { email: link.email, name: '' }, link));
    },
  );

  app.post('/api/v1/auth/web/login/oauth', { schema: { body: oauthLoginBody } }, async (request, reply) => {
    const { provider, destination, teamPlanId, teamId } = request.body;
    await checkPlan(teamPlanId);
    await limit(lookups, request.ip, reply);
    if (!options.oauth.isConfigured(provider)) {
      throw new ValidationError([{ field: 'provider', message: 'is not available' }]);
    }
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
        return refuseForeignCallback(request.headers.accept, reply);
      }
      void reply.header('set-cookie', clearedOAuthStateCookie(cookieScope()));
      // The state is spent first, whatever follows: a replayed or forged callback finds nothing.
      const state = await app.repos.webLogin.consumeOAuthState(sha256(request.query.state), app.clock.now());
      if (!state) throw new ValidationError([{ field: 'state', message: 'is invalid' }]);
      // The person cancelled at the provider: back to the sign-up page, where they started.
      if (request.query.error || !request.query.code) {
        const back = new URLSearchParams({
          destination: state.destination,
          team_plan_id: state.teamPlanId,
          team_id: String(state.teamId ?? 0),
        });
        return goTo(reply, `${app.publicUrl().replace(/\/+$/, '')}/web-login?${back}`);
      }
      // The provider's answer exactly as it came (iss included: RFC 9207 mix-up defence), at our URL.
      const callbackUrl = new URL(redirectUri());
      callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
      let person: { email: string; name: string };
      try {
        person = await options.oauth.exchange(state.provider, callbackUrl, {
          state: request.query.state,
          nonce: state.nonce,
          codeVerifier: state.codeVerifier,
        });
      } catch (error) {
        request.log.info({ err: error, provider: state.provider }, 'oauth sign-in refused');
        throw new TokenInvalidError();
      }
      return goTo(reply, await continueSignIn(app, person, state));
    },
  );
};
