import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Db } from '../../src/db/db';
import { migrate as runMigrations } from '../../src/db/migrator';
import { microsoftClaims, microsoftShape } from './microsoft-tenant';
import { pgAdapter } from './pg-adapter';
import { sandboxAccounts } from './sandbox-accounts';
import { signInPage } from './sign-in-page';

/**
 * reply.hijack() for oidc-provider's answers, which it writes to the raw response: the headers the
 * app set on the reply so far (the security headers) would not be written, so they go onto the raw
 * response first. Not the console's CSP: oidc-provider's form_post page runs an inline script.
 */
function hijackKeepingHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (name !== 'content-security-policy' && value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
}

export type SandboxProviderName = 'google' | 'microsoft';

/** What the product's OAuth client needs to use one of the sandbox's issuers. */
export interface SandboxIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Reaches the issuer's endpoints from this process (the public URL may not loop back here). */
  fetch: typeof fetch;
}

const TITLES: Record<SandboxProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };
const MOUNT = '/sandbox/identity';
/** Each issuer's path: Microsoft's as its multi-tenant endpoint's (`common`), under a {tenantid} template. */
const BASE: Record<SandboxProviderName, string> = {
  google: `${MOUNT}/google`,
  microsoft: `${MOUNT}/microsoft/common/v2.0`,
};
const MICROSOFT_TEMPLATE = `${MOUNT}/microsoft/{tenantid}/v2.0`;
const CLAIMS: Record<SandboxProviderName, Record<string, string[]>> = {
  google: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  microsoft: { openid: ['sub', 'tid', 'xms_edov'], email: ['email'], profile: ['name'] },
};
const migrationsDir = path.join(import.meta.dirname, 'migrations');
/** Its schema's migrations (folder and table): tests migrate a template database with them once. */
export const identitySandboxMigrations = { dir: migrationsDir, table: 'identity_sandbox_migrations' };

interface SandboxKeys {
  jwks: { keys: Record<string, unknown>[] };
  cookieKeys: string[];
  clientSecret: string;
}

/**
 * oidc-provider warns on any Node below 22 ('Unsupported runtime') when it is first imported; it runs
 * on Node 20 all the same (the tests prove it), so that one line is kept out of the server's output.
 */
async function importProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (String(args[0]).includes('Unsupported runtime')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/** The sandbox's signing keys, cookie keys and client secret: made by the first server, adopted by the rest. */
async function loadKeys(db: Db): Promise<SandboxKeys> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const candidate: SandboxKeys = {
    jwks: {
      keys: [
        { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') },
      ],
    },
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(24).toString('base64url'),
  };
  // The first server to start makes the keys; every other one adopts them.
  await db.query(
    `INSERT INTO identity_sandbox_keys (id, jwks, cookie_keys, client_secret) VALUES (1, $1, $2, $3)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(candidate.jwks), JSON.stringify(candidate.cookieKeys), candidate.clientSecret],
  );
  const [row] = await db.query<{
    jwks: SandboxKeys['jwks'];
    cookieKeys: string[];
    clientSecret: string;
  }>('SELECT jwks, cookie_keys AS "cookieKeys", client_secret AS "clientSecret" FROM identity_sandbox_keys');
  return row as SandboxKeys;
}

/** The person behind a sub, with the claims their provider gives. */
async function accountOf(db: Db, name: SandboxProviderName, sub: string) {
  const account = await sandboxAccounts(db, name).find(sub);
  if (!account) return undefined;
  const claims =
    name === 'microsoft'
      ? microsoftClaims(account)
      : { sub, email: account.email, email_verified: true, name: account.name };
  return { accountId: sub, claims: async () => claims };
}

/** The product's client reaches the issuer at this process's own address, naming the public host. */
function loopbackFetchOf(publicUrlOf: () => string, localUrlOf: () => string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const publicUrl = new URL(publicUrlOf());
    if (url.origin !== publicUrl.origin) return fetch(input, init);
    const local = new URL(localUrlOf());
    url.protocol = local.protocol;
    url.host = local.host;
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('x-forwarded-host', publicUrl.host);
    headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
    return fetch(url, { ...init, headers });
  };
}

/**
 * A real OpenID Connect provider (oidc-provider) standing in for Google and Microsoft while no client
 * ids are configured: two issuers, `{publicUrl}/sandbox/identity/google` and `.../microsoft`, each
 * with one client whose redirect URI is `redirectUri()`. Discovery, authorisation with PKCE, the
 * token exchange and signed ID tokens are the protocol's own; only the sign-in page is ours: it asks
 * for an email and a name. Keys and state live in the database (identity_sandbox_*).
 */
export function createIdentitySandbox(options: {
  db: Db;
  publicUrl: () => string;
  /** Where this process can reach itself; the product's OAuth client talks to the issuer there. */
  localUrl: () => string;
  redirectUri: () => string;
}) {
  let keys: SandboxKeys | null = null;
  const providers = new Map<SandboxProviderName, Provider>();

  const issuerOf = (name: SandboxProviderName) => `${options.publicUrl()}${BASE[name]}`;

  /** Made on first use: the public URL is only known once the server listens. */
  async function providerFor(name: SandboxProviderName): Promise<Provider> {
    const existing = providers.get(name);
    if (existing) return existing;
    if (!keys) keys = await loadKeys(options.db);
    const ProviderClass = await importProvider();
    const provider = new ProviderClass(issuerOf(name), {
      adapter: pgAdapter(options.db, name) as never,
      clients: [
        {
          client_id: `sandbox-${name}`,
          client_secret: keys.clientSecret,
          redirect_uris: [options.redirectUri()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: keys.jwks as never,
      cookies: { keys: keys.cookieKeys },
      claims: CLAIMS[name],
      // Google and Microsoft put email and name into the ID token; so does the sandbox.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      // Short lives, said explicitly (oidc-provider notices defaults on every use otherwise).
      ttl: {
        Interaction: 3600,
        Session: 3600,
        Grant: 3600,
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
      },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) =>
          `${MOUNT}/${name}/interaction/${interaction.uid}`,
      },
      findAccount: (_ctx: unknown, sub: string) => accountOf(options.db, name, sub),
    });
    if (name === 'microsoft') {
      const signingKey = (keys as SandboxKeys).jwks.keys[0] as JWK;
      provider.use(
        microsoftShape(
          () => `${options.publicUrl()}${MICROSOFT_TEMPLATE}`,
          () => signingKey,
        ),
      );
    }
    // Behind the server's own routes; X-Forwarded-* name the public host (set by the plugin below).
    provider.proxy = true;
    providers.set(name, provider);
    return provider;
  }

  const isName = (value: string): value is SandboxProviderName => value === 'google' || value === 'microsoft';

  /** The provider's own endpoints: raw Node request and response, the mount stripped as Express does. */
  const protocolRoutes: FastifyPluginAsync = async (app) => {
    // oidc-provider reads request bodies itself: leave the stream unread.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.all(`${MOUNT}/:idp/*`, async (request, reply) => {
      const { idp } = request.params as { idp: string };
      if (!isName(idp)) return reply.code(404).send({ error: 'not_found' });
      const provider = await providerFor(idp);
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      if (!(raw.url ?? '').startsWith(`${BASE[idp]}/`)) return reply.code(404).send({ error: 'not_found' });
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(BASE[idp].length) || '/';
      hijackKeepingHeaders(reply);
      provider.callback()(raw, reply.raw);
    });
  };

  /** The sign-in page (oidc-provider's 'interaction'), with the app's usual form parsing. */
  const interactionRoutes: FastifyPluginAsync = async (app) => {
    app.get(`${MOUNT}/:idp/interaction/:uid`, async (request, reply) => {
      const { idp, uid } = request.params as { idp: string; uid: string };
      if (!isName(idp)) return reply.code(404).send({ error: 'not_found' });
      const provider = await providerFor(idp);
      await provider.interactionDetails(request.raw, reply.raw);
      return reply.type('text/html; charset=utf-8').send(
        signInPage({
          providerTitle: TITLES[idp],
          action: `${MOUNT}/${idp}/interaction/${uid}`,
          domainVerifiedBox: idp === 'microsoft',
        }),
      );
    });
    app.post(`${MOUNT}/:idp/interaction/:uid`, async (request, reply) => {
      const { idp, uid } = request.params as { idp: string; uid: string };
      if (!isName(idp)) return reply.code(404).send({ error: 'not_found' });
      const provider = await providerFor(idp);
      const body = (request.body ?? {}) as {
        email?: string;
        name?: string;
        domain_verified?: string;
        cancel?: string;
      };
      if (body.cancel) {
        // As Google's and Microsoft's pages do when the person declines: error=access_denied.
        await provider.interactionDetails(request.raw, reply.raw);
        hijackKeepingHeaders(reply);
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const email = String(body.email ?? '').trim();
      const name = String(body.name ?? '').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254 || name.length > 200) {
        return reply
          .type('text/html; charset=utf-8')
          .code(400)
          .send(
            signInPage({
              providerTitle: TITLES[idp],
              action: `${MOUNT}/${idp}/interaction/${uid}`,
              domainVerifiedBox: idp === 'microsoft',
              error: 'Enter a valid email address.',
            }),
          );
      }
      const details = await provider.interactionDetails(request.raw, reply.raw);
      // An unticked box is not sent: only Microsoft's page has it, and there it means 'not verified'.
      const domainVerified = idp !== 'microsoft' || body.domain_verified === 'on';
      const accountId = await sandboxAccounts(options.db, idp).signIn({ email, name, domainVerified });
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope ?? 'openid'));
      const grantId = await grant.save();
      hijackKeepingHeaders(reply);
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    });
  };

  const loopbackFetch = loopbackFetchOf(options.publicUrl, options.localUrl);

  return {
    async migrate() {
      await runMigrations(options.db, identitySandboxMigrations.dir, identitySandboxMigrations.table);
      keys = await loadKeys(options.db);
    },
    plugin: (async (app) => {
      // The issuer's URLs (discovery, endpoints, redirects) come from PUBLIC_URL only: whatever
      // X-Forwarded-* a client sends is replaced, with or without TRUST_PROXY.
      app.addHook('onRequest', async (request) => {
        const publicUrl = new URL(options.publicUrl());
        request.raw.headers['x-forwarded-host'] = publicUrl.host;
        request.raw.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
      });
      await app.register(protocolRoutes);
      await app.register(interactionRoutes);
    }) as FastifyPluginAsync,
    /** The issuer settings of one sandbox provider, read when the product first needs them. */
    issuer(name: SandboxProviderName): SandboxIssuer {
      return {
        issuer: issuerOf(name),
        clientId: `sandbox-${name}`,
        clientSecret: keys?.clientSecret ?? '',
        fetch: loopbackFetch,
      };
    },
  };
}

export type IdentitySandbox = ReturnType<typeof createIdentitySandbox>;
