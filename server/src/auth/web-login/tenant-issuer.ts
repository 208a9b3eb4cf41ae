import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';

/**
 * Microsoft's multi-tenant endpoints (`common`, `organizations`) publish the issuer as a template,
 * `https://login.microsoftonline.com/{tenantid}/v2.0`, and each ID token's `iss` names the person's
 * tenant. Microsoft's rule: the expected issuer is the template with the token's own `tid` put in.
 * openid-client does that only for login.microsoftonline.com itself, so for MICROSOFT_ISSUER at any
 * other address (a stand-in, a test) this module does it, with openid-client's public API only.
 */
const TENANT = '{tenantid}';

/**
 * Null when the discovered issuer is the configured one; the template when it is a {tenantid}
 * template the configured issuer is one instance of (…/common/v2.0); otherwise the document is
 * not this issuer's, and sign-in must not trust it.
 */
export function issuerTemplateOf(discovered: string, configured: string): string | null {
  if (discovered === configured) return null;
  const [before = '', after = '', ...rest] = discovered.split(TENANT);
  const middle = configured.slice(before.length, configured.length - after.length);
  const instance =
    rest.length === 0 &&
    discovered.includes(TENANT) &&
    configured.length > before.length + after.length &&
    configured.startsWith(before) &&
    configured.endsWith(after) &&
    !middle.includes('/');
  if (instance) return discovered;
  throw new Error(`the discovered issuer ${discovered} is not ${configured}`);
}

interface CapturedResponse {
  body: string;
  status: number;
  headers: Headers;
}

type GrantChecks = Parameters<typeof oidc.authorizationCodeGrant>[2];
type ConfigFor = (metadata: oidc.ServerMetadata, fetchFn: typeof fetch) => oidc.Configuration;

const hrefOf = (input: Parameters<typeof fetch>[0]) =>
  new URL(input instanceof Request ? input.url : String(input)).href;

/** The token request goes out once: the first pass keeps the answer, the second one reads it again. */
function capturing(fetchFn: typeof fetch, tokenEndpoint: string, keep: (r: CapturedResponse) => void) {
  return (async (input, init) => {
    const response = await fetchFn(input, init);
    if (hrefOf(input) === tokenEndpoint) {
      keep({ body: await response.clone().text(), status: response.status, headers: response.headers });
    }
    return response;
  }) as typeof fetch;
}

function replaying(fetchFn: typeof fetch, tokenEndpoint: string, captured: CapturedResponse) {
  return (async (input, init) => {
    if (hrefOf(input) !== tokenEndpoint) return fetchFn(input, init);
    return new Response(captured.body, { status: captured.status, headers: captured.headers });
  }) as typeof fetch;
}

/** The unverified `tid` of the ID token in a token response (checked for real in the second pass). */
function tenantOf(captured: CapturedResponse): string {
  const idToken = (JSON.parse(captured.body) as { id_token?: unknown }).id_token;
  const tid = typeof idToken === 'string' ? decodeJwt(idToken).tid : undefined;
  if (typeof tid !== 'string' || !/^[\w-]{1,64}$/.test(tid)) throw new Error('the ID token has no tid');
  return tid;
}

/**
 * The code exchange against a template issuer, in two passes over one token request. The first, at
 * the template, only learns the answer's `tid` (its issuer check fails by design). The second runs
 * openid-client's every check on the same answer, with the tenant's issuer expected: signature,
 * `iss` equal to the template with that `tid`, audience, nonce, expiry.
 */
export async function tenantCodeGrant(
  template: oidc.ServerMetadata,
  configFor: ConfigFor,
  fetchFn: typeof fetch,
  callbackUrl: URL,
  checks: GrantChecks,
) {
  const tokenEndpoint = new URL(String(template.token_endpoint)).href;
  let captured: CapturedResponse | null = null;
  const first = configFor(
    template,
    capturing(fetchFn, tokenEndpoint, (r) => {
      captured = r;
    }),
  );
  try {
    await oidc.authorizationCodeGrant(first, callbackUrl, checks);
  } catch (error) {
    if (!captured) throw error;
  }
  if (!captured) throw new Error('the token endpoint was not reached');
  const tenantIssuer = template.issuer.replace(TENANT, tenantOf(captured));
  const config = configFor(
    { ...template, issuer: tenantIssuer },
    replaying(fetchFn, tokenEndpoint, captured),
  );
  oidc.enableNonRepudiationChecks(config);
  return { tokens: await oidc.authorizationCodeGrant(config, callbackUrl, checks), config };
}
