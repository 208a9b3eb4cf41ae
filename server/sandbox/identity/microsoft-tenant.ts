import { createHash } from 'node:crypto';
import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import type { ProviderContext } from 'oidc-provider';
import type { SandboxAccount } from './sandbox-accounts';

/**
 * What makes the sandbox's Microsoft issuer answer as Microsoft's multi-tenant endpoint (`common`)
 * does: discovery names the issuer as a template, `…/{tenantid}/v2.0`; each ID token's `iss` is
 * that template with the person's tenant (`tid`) in it; the authorisation response carries no `iss`
 * parameter; and there is no email_verified: a work account's address counts only with `xms_edov`
 * (its organisation verified the domain), a personal account's by its tenant.
 */

/** Microsoft's tenant of personal accounts (outlook.com and the like). */
export const CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const PERSONAL_DOMAINS = new Set(['outlook.com', 'hotmail.com', 'live.com', 'msn.com']);

/** A work address's tenant: one stable id per domain, shaped like Microsoft's (a GUID). */
export function tenantOf(email: string): string {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (PERSONAL_DOMAINS.has(domain)) return CONSUMERS_TENANT;
  const hex = createHash('sha256').update(`tenant:${domain}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The claims Microsoft gives: no email_verified; xms_edov for a work account whose domain is verified. */
export function microsoftClaims(account: SandboxAccount): Record<string, unknown> {
  const tid = tenantOf(account.email);
  const work = tid !== CONSUMERS_TENANT;
  return {
    sub: account.sub,
    email: account.email,
    name: account.name,
    tid,
    ...(work && account.domainVerified ? { xms_edov: true } : {}),
  };
}

/** The ID token again, with the tenant's issuer, signed with the sandbox's own key. */
async function withTenantIssuer(idToken: string, template: string, key: JWK): Promise<string> {
  const claims = decodeJwt(idToken);
  const iss = template.replace('{tenantid}', String(claims.tid));
  return new SignJWT({ ...claims, iss })
    .setProtectedHeader({ alg: 'RS256', kid: String(key.kid), typ: 'JWT' })
    .sign(await importJWK(key, 'RS256'));
}

/** oidc-provider middleware for the Microsoft issuer (see above); `template` is the issuer template. */
export function microsoftShape(template: () => string, signingKey: () => JWK) {
  return async (ctx: ProviderContext, next: () => Promise<void>) => {
    await next();
    const route = ctx.oidc?.route;
    const body = ctx.body as Record<string, unknown> | null;
    if (route === 'discovery' && body) {
      const { authorization_response_iss_parameter_supported: _iss, ...rest } = body;
      ctx.body = { ...rest, issuer: template() };
    } else if (route === 'token' && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: await withTenantIssuer(body.id_token, template(), signingKey()) };
    } else if ((route === 'authorization' || route === 'resume') && ctx.status >= 300 && ctx.status < 400) {
      const location = ctx.response.get('location');
      if (!location || !URL.canParse(location)) return;
      const url = new URL(location);
      url.searchParams.delete('iss');
      ctx.set('location', url.href);
    }
  };
}
