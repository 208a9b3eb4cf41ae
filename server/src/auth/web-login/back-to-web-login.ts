import type { LinkProblem, OAuthProblem } from '@domain/web-signup';
import type { FastifyRequest } from 'fastify';
import type { WebLoginTarget } from '../../db/repositories/web-login.repository';
import { AppError } from '../../errors';

/** A browser navigating (a mailed link clicked, a provider's redirect back) rather than a program. */
export const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** A failure of ours or of a service we call, rather than a refusal of what was asked. */
export const isServerFailure = (error: unknown) => !(error instanceof AppError) || error.statusCode >= 500;

/**
 * /web-login with the reason it shows, from the fixed lists of src/domain/web-signup.ts only (no text
 * of the request goes back into the page), and the sign-up's target when it is known, so trying
 * again sells the same plan.
 */
export function webLoginUrl(
  publicUrl: string,
  reason: { link: LinkProblem } | { oauth: OAuthProblem },
  target: WebLoginTarget | null = null,
): string {
  const query = new URLSearchParams();
  if (target) {
    query.set('destination', target.destination);
    query.set('team_plan_id', target.teamPlanId);
    query.set('team_id', String(target.teamId ?? 0));
  }
  for (const [name, value] of Object.entries(reason)) query.set(name, value);
  return new URL(`web-login?${query}`, `${publicUrl.replace(/\/+$/, '')}/`).toString();
}

/** The page a browser gets when its callback has no state cookie: 400, then on to /web-login saying why. */
export const backToWebLoginPage = (url: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${url}">
<title>Sign-in not finished</title></head>
<body><p>This sign-in was not started in this browser. <a href="${url}">Back to sign-up</a></p></body></html>`;
