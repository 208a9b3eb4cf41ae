import * as oidc from 'openid-client';
import { cleanProvidedName } from '../../http/invisible-formatting';
import type { OAuthProviderName } from './provider-lookup';
import { issuerTemplateOf, tenantCodeGrant } from './tenant-issuer';

/** As long as a full name typed on the profile may be (PUT .../users/me). */
const PROVIDED_NAME_MAX_LENGTH = 200;

/** One identity provider as the server uses it: Google, Microsoft, or the sandbox standing in. */
export interface OAuthIssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Only the sandbox sets this: it reaches its issuer at the server's own address. */
  fetch?: typeof fetch;
}

/** Read when first needed (the sandbox's issuer URL is known only once the server listens). */
export type OAuthSettings = Record<OAuthProviderName, (() => OAuthIssuerSettings) | null>;

/** The providers with settings (keys, or the sandbox standing in): the sign-up page offers these. */
export const configuredProviders = (settings: OAuthSettings | undefined): OAuthProviderName[] =>
  (['google', 'microsoft'] as const).filter((provider) => !!settings?.[provider]);

/**
 * Who signed in, once the ID token's signature, issuer, audience, nonce and times are checked (and
 * the userinfo endpoint asked for the address when the ID token has none). The issuer and `sub` say
 * who it is (OIDC Core 5.7); the address is only theirs when `emailVerified`.
 */
export interface VerifiedPerson {
  issuer: string;
  subject: string;
  /** '' when the provider sent none. */
  email: string;
  /** Whether the provider vouches that the address is the person's (isVerifiedEmail). */
  emailVerified: boolean;
  name: string;
}

/** Microsoft's tenant of personal accounts, whose addresses Microsoft itself verified. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * Whether the ID token vouches for the address. Google (and the sandbox standing in) say
 * email_verified. Microsoft's button never takes email_verified: an Entra ID token's email is whatever
 * the person's tenant admin typed, unverified, unless the token says xms_edov (the tenant owns the
 * domain; an optional claim to enable in the app registration) or it comes from the personal-accounts
 * tenant, whose addresses Microsoft itself verified. Trusting it otherwise lets anyone sign in as anyone.
 */
export function isVerifiedEmail(provider: OAuthProviderName, claims: Record<string, unknown>): boolean {
  if (provider === 'google') return claims.email_verified === true;
  return claims.xms_edov === true || claims.xms_edov === 'true' || claims.tid === MICROSOFT_CONSUMERS_TENANT;
}

/** openid-client's own clock tolerance for exp and nbf; an ID token issued later than now + this is refused. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** One provider as discovered: its configuration, and its issuer template when it is multi-tenant. */
interface DiscoveredProvider {
  config: oidc.Configuration;
  template: string | null;
  settings: OAuthIssuerSettings;
}

/** A configuration for the provider's metadata, reaching it with `fetchFn` (plain http in development). */
function configurationFor(settings: OAuthIssuerSettings) {
  return (metadata: oidc.ServerMetadata, fetchFn: typeof fetch) => {
    const config = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret);
    config[oidc.customFetch] = fetchFn as never;
    if (new URL(settings.issuer).protocol === 'http:') oidc.allowInsecureRequests(config);
    return config;
  };
}

/**
 * Discovery at the issuer's well-known address. openid-client leaves the issuer comparison to the
 * caller there, which a multi-tenant template (tenant-issuer.ts) needs; issuerTemplateOf makes it.
 */
async function discover(settings: OAuthIssuerSettings): Promise<DiscoveredProvider> {
  const issuer = new URL(settings.issuer);
  const options: oidc.DiscoveryRequestOptions = {};
  if (settings.fetch) options[oidc.customFetch] = settings.fetch as never;
  // http: the sandbox at an http PUBLIC_URL, or a provider on loopback (config.ts refuses others).
  if (issuer.protocol === 'http:') options.execute = [oidc.allowInsecureRequests];
  const wellKnown = new URL(`${settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  const config = await oidc.discovery(
    wellKnown,
    settings.clientId,
    settings.clientSecret,
    undefined,
    options,
  );
  const template = issuerTemplateOf(config.serverMetadata().issuer, settings.issuer);
  // openid-client checks an ID token's claims but, by default, not its signature: always check it.
  oidc.enableNonRepudiationChecks(config);
  return { config, template, settings };
}

/** The ID token's claims, then the userinfo endpoint's where the ID token has no email (OIDC Core 5.4). */
async function personClaims(
  config: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  if (typeof claims.iat !== 'number' || claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) {
    throw new Error('the ID token was issued in the future');
  }
  if (typeof claims.email === 'string' && claims.email.trim()) return claims;
  const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  // Who vouches for the address is said next to it; the tenant facts (tid, xms_edov) stay the ID token's.
  return {
    ...claims,
    email: info.email,
    email_verified: info.email_verified,
    name: claims.name ?? info.name,
  };
}

/**
 * The OpenID Connect client (openid-client) for both providers: discovery once per provider (cached;
 * a failure is retried on the next call), then the authorisation URL with PKCE (S256), state and
 * nonce, and the code exchange that verifies the ID token (signature included) and reads userinfo
 * when the address is only there.
 */
export function createOAuthClient(settings: OAuthSettings) {
  const providers = new Map<OAuthProviderName, Promise<DiscoveredProvider>>();

  function providerOf(provider: OAuthProviderName): Promise<DiscoveredProvider> {
    const cached = providers.get(provider);
    if (cached) return cached;
    const read = settings[provider];
    if (!read) throw new Error(`${provider} sign-in is not configured`);
    const pending = discover(read());
    providers.set(provider, pending);
    pending.catch(() => providers.delete(provider));
    return pending;
  }

  async function grant(provider: OAuthProviderName, callbackUrl: URL, checks: GrantChecks) {
    const { config, template, settings: s } = await providerOf(provider);
    if (!template) return { tokens: await oidc.authorizationCodeGrant(config, callbackUrl, checks), config };
    const { supportsPKCE: _helper, ...metadata } = config.serverMetadata();
    return tenantCodeGrant(
      { ...metadata, issuer: template },
      configurationFor(s),
      s.fetch ?? fetch,
      callbackUrl,
      checks,
    );
  }

  return {
    isConfigured: (provider: OAuthProviderName) => settings[provider] !== null,

    async authorizationUrl(
      provider: OAuthProviderName,
      input: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
    ): Promise<string> {
      const { config } = await providerOf(provider);
      const params: Record<string, string> = {
        redirect_uri: input.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: input.state,
        nonce: input.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(input.codeVerifier),
        code_challenge_method: 'S256',
      };
      return oidc.buildAuthorizationUrl(config, params).href;
    },

    /** Exchanges the callback's code; throws when anything about the answer or the ID token is wrong. */
    async exchange(
      provider: OAuthProviderName,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedPerson> {
      const { tokens, config } = await grant(provider, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = await personClaims(config, tokens);
      if (typeof claims.iss !== 'string' || typeof claims.sub !== 'string' || !claims.sub) {
        throw new Error('the ID token names nobody');
      }
      const email = typeof claims.email === 'string' ? claims.email.trim() : '';
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: email !== '' && isVerifiedEmail(provider, claims),
        // Typed names refuse bidi controls and zero-width characters; a provider's are cleaned.
        name: cleanProvidedName(claims.name, PROVIDED_NAME_MAX_LENGTH),
      };
    },
  };
}

type GrantChecks = Parameters<typeof oidc.authorizationCodeGrant>[2];

export type OAuthClient = ReturnType<typeof createOAuthClient>;

export const newOAuthSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});
