import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import type { ProviderContext } from 'oidc-provider';
import { microsoftShape } from '../sandbox/identity/microsoft-tenant';

/**
 * A second, standalone OpenID Provider (panva's oidc-provider) on a loopback port, configured as a
 * real provider is, not as the built-in sandbox: its own keys and JWKS, its own login pages
 * (devInteractions), standard claims, and the address only at the userinfo endpoint. As Microsoft,
 * it answers as Microsoft's multi-tenant endpoint does (the sandbox's microsoftShape). A test can make
 * it misbehave: an unsigned or foreign-signed ID token, one issued in the future, another tenant's.
 */
export type Tamper = 'unsigned' | 'foreign-key' | 'future-iat' | 'other-tenant';

export interface ExternalAccount {
  email: string;
  name: string;
  tid?: string;
  xmsEdov?: boolean;
  /** email_verified: Google's defaults to true; Microsoft's is sent only when given. */
  emailVerified?: boolean;
}

export interface ExternalOp {
  /** The issuer to configure (GOOGLE_ISSUER / MICROSOFT_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By the login typed into its sign-in page, which is also the account's `sub` there. */
  accounts: Map<string, ExternalAccount>;
  addAccount(login: string, account: ExternalAccount): void;
  tamper: Tamper | null;
  /** The ID token of its last token response, as sent. */
  lastIdToken: string | null;
  close(): Promise<void>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function tampered(idToken: string, how: Tamper, key: JWK): Promise<string> {
  const claims = decodeJwt(idToken);
  const header = { alg: 'RS256', kid: String(key.kid), typ: 'JWT' };
  if (how === 'unsigned') return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
  if (how === 'foreign-key') {
    const { privateKey } = await generateKeyPair('RS256');
    return new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
  }
  const now = Math.floor(Date.now() / 1000);
  const changed =
    how === 'future-iat'
      ? { ...claims, iat: now + 600, exp: now + 1200 }
      : {
          ...claims,
          iss: String(claims.iss).replace(String(claims.tid), '00000000-0000-0000-0000-0000000000ff'),
        };
  return new SignJWT(changed).setProtectedHeader(header).sign(await importJWK(key, 'RS256'));
}

/** oidc-provider's notices (Node 20, its in-memory store, devInteractions) are expected here. */
async function quietly(make: () => Promise<Provider>): Promise<Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await make();
  } finally {
    console.warn = warn;
  }
}

export async function startExternalOp(options: {
  redirectUri: string;
  microsoft?: boolean;
}): Promise<ExternalOp> {
  let handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void = (_req, res) =>
    res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix = options.microsoft ? '/common/v2.0' : '';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const key: JWK = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'op-key-1' };
  const clientSecret = randomBytes(24).toString('base64url');
  const op: ExternalOp = {
    issuer: `${base}${prefix}`,
    clientId: 'interop-client',
    clientSecret,
    accounts: new Map(),
    addAccount(login, account) {
      op.accounts.set(login, account);
    },
    tamper: null,
    lastIdToken: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const provider = await quietly(
    async () =>
      new (await import('oidc-provider')).default(op.issuer, {
        clients: [
          {
            client_id: op.clientId,
            client_secret: clientSecret,
            redirect_uris: [options.redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        jwks: { keys: [key] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        claims: options.microsoft
          ? { openid: ['sub', 'tid', 'xms_edov'], email: ['email', 'email_verified'], profile: ['name'] }
          : { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Standard: with response_type=code the ID token holds no scope claims; they are at userinfo.
        // Microsoft puts them into the ID token.
        conformIdTokenClaims: !options.microsoft,
        features: { devInteractions: { enabled: true } },
        ttl: {
          Interaction: 600,
          Session: 600,
          Grant: 600,
          AuthorizationCode: 60,
          AccessToken: 600,
          IdToken: 600,
        },
        async findAccount(_ctx: unknown, login: string) {
          const account = op.accounts.get(login);
          if (!account) return undefined;
          const claims = options.microsoft
            ? {
                sub: login,
                email: account.email,
                name: account.name,
                tid: account.tid,
                xms_edov: account.xmsEdov,
                email_verified: account.emailVerified,
              }
            : {
                sub: login,
                email: account.email,
                email_verified: account.emailVerified ?? true,
                name: account.name,
              };
          return { accountId: login, claims: async () => claims };
        },
      }),
  );
  // Outermost: sees the token response last, after the Microsoft shape signed it again.
  provider.use(async (ctx: ProviderContext, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | null;
    if (ctx.oidc?.route !== 'token' || typeof body?.id_token !== 'string') return;
    if (op.tamper) ctx.body = { ...body, id_token: await tampered(body.id_token, op.tamper, key) };
    op.lastIdToken = (ctx.body as { id_token: string }).id_token;
  });
  if (options.microsoft)
    provider.use(
      microsoftShape(
        () => `${base}/{tenantid}/v2.0`,
        () => key,
      ),
    );
  const callback = provider.callback();
  handler = (req, res) => {
    const raw = req as IncomingMessage & { originalUrl?: string };
    if (!(raw.url ?? '').startsWith(`${prefix}/`)) {
      res.statusCode = 404;
      return res.end();
    }
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice(prefix.length) || '/';
    callback(raw, res);
  };
  return op;
}
