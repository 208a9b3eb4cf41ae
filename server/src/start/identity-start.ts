import type { FastifyPluginAsync } from 'fastify';
import { createIdentitySandbox } from '../../sandbox/identity/identity-sandbox';
import type { BuildAppOptions } from '../app';
import type { OAuthIssuerSettings } from '../auth/web-login/oauth-client';
import type { Db } from '../db/db';
import type { Config } from '../settings/config';
import { identitySandboxDecision } from '../settings/stand-ins';

/** Where providers send the browser back after sign-in (one callback for both; the state says which). */
export const oauthCallbackUrl = (publicUrl: string) =>
  new URL('api/v1/auth/web/oauth/callback', `${publicUrl.replace(/\/+$/, '')}/`).toString();

/** IDENTITY_SANDBOX: 'on' always, 'off' never, 'auto' (the default) only on a loopback address. */
export function identitySandboxAllowed(
  config: Pick<Config, 'identitySandbox' | 'publicUrl' | 'host'>,
): boolean {
  return identitySandboxDecision(config).mount;
}

export interface IdentityStart {
  options: NonNullable<BuildAppOptions['webLogin']>;
  standIns: FastifyPluginAsync[];
}

/**
 * The one seam between web sign-in and the identity providers: with GOOGLE_* / MICROSOFT_* set, the
 * real issuers (or the OpenID Providers GOOGLE_ISSUER / MICROSOFT_ISSUER name); for a provider
 * without them, the built-in identity sandbox (server/sandbox/identity), mounted in this server. `localUrl` is where this process reaches itself.
 */
export async function startIdentity(
  config: Config,
  db: Db,
  localUrl: () => string,
  publicUrl: () => string,
): Promise<IdentityStart> {
  // GOOGLE_ISSUER and MICROSOFT_ISSUER (config.ts) default to Google's and Microsoft's own issuers.
  const { google, microsoft } = config;
  const real = {
    google: google ? (): OAuthIssuerSettings => ({ ...google }) : null,
    microsoft: microsoft
      ? (): OAuthIssuerSettings => {
          const { tenant: _tenant, ...client } = microsoft;
          return client;
        }
      : null,
  };
  if (real.google && real.microsoft) return { options: { oauth: real }, standIns: [] };
  // The sandbox vouches for any address typed into it: anywhere but loopback that would let
  // anyone sign in as anyone, so there it runs only when asked for (IDENTITY_SANDBOX=on, a staging
  // site); a provider without keys is then simply not offered.
  if (!identitySandboxAllowed(config)) return { options: { oauth: real }, standIns: [] };
  const sandbox = createIdentitySandbox({
    db,
    publicUrl,
    localUrl,
    redirectUri: () => oauthCallbackUrl(publicUrl()),
  });
  await sandbox.migrate();
  return {
    options: {
      oauth: {
        google: real.google ?? (() => sandbox.issuer('google')),
        microsoft: real.microsoft ?? (() => sandbox.issuer('microsoft')),
      },
    },
    standIns: [sandbox.plugin],
  };
}
