import * as oidc from 'openid-client';
import type { OAuthProviderName } from './provider-lookup';

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

/** What the ID token says about the person, once its signature, issuer, audience and nonce are checked. */
export interface VerifiedPerson {
  email: string;
  name: string;
}

/** Microsoft's tenant of personal accounts, whose addresses Microsoft itself verified. */
const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/**
 * Whether the ID token vouches for the address. Google (and the sandbox) say email_verified. An Entra
 * ID token's email is whatever the person's tenant admin typed, unverified, unless the token says
 * xms_edov (the tenant owns the domain; an optional claim to enable in the app registration) or it
 * comes from the personal-accounts tenant: trusting it otherwise lets anyone sign in as anyone.
 */
export function isVerifiedEmail(claims: Record<string, unknown>): boolean {
  if (claims.email_verified === true || claims.xms_edov === true || claims.xms_edov === 'true') return true;
  return claims.tid === MICROSOFT_CONSUMERS_TENANT;
}

/**
 * The OpenID Connect client (openid-client) for both providers: discovery once per provider (cached;
 * a failure is retried on the next call), then the authorisation URL with PKCE (S256), state and
 * nonce, and the code exchange that verifies the ID token.
 */
export function createOAuthClient(settings: OAuthSettings) {
  const configs = new Map<OAuthProviderName, Promise<oidc.Configuration>>();

  function configOf(provider: OAuthProviderName): Promise<oidc.Configuration> {
    const cached = configs.get(provider);
    if (cached) return cached;
    const read = settings[provider];
    if (!read) throw new Error(`${provider} sign-in is not configured`);
    const s = read();
    const issuer = new URL(s.issuer);
    const options: oidc.DiscoveryRequestOptions = {};
    if (s.fetch) options[oidc.customFetch] = s.fetch as never;
    // http issuers exist only in development (the sandbox on 127.0.0.1).
    if (issuer.protocol === 'http:') options.execute = [oidc.allowInsecureRequests];
    const pending = oidc.discovery(issuer, s.clientId, s.clientSecret, undefined, options);
    configs.set(provider, pending);
    pending.catch(() => configs.delete(provider));
    return pending;
  }

  return {
    isConfigured: (provider: OAuthProviderName) => settings[provider] !== null,

    async authorizationUrl(
      provider: OAuthProviderName,
      input: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint?: string },
    ): Promise<string> {
      const config = await configOf(provider);
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
      const config = await configOf(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      const email = typeof claims?.email === 'string' ? claims.email.trim() : '';
      if (!email || !isVerifiedEmail(claims ?? {})) throw new Error('the ID token has no verified email');
      const name = typeof claims?.name === 'string' ? claims.name.trim().slice(0, 200) : '';
      return { email, name };
    },
  };
}

export type OAuthClient = ReturnType<typeof createOAuthClient>;

export const newOAuthSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});
