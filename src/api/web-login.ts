// Web sign-up calls (spec section 7, 'Auth and general'), none with a bearer token. Apart from
// api/auth.ts, which the app shell loads on every page: only /web-login needs these.

import { APP_NAME } from '@/api/auth';
import type { ApiClient } from '@/api/client';
import type { DeviceInfo } from '@/domain/entities';

export type OAuthProvider = 'google' | 'microsoft';

/** Where web sign-up sends the visitor, and for which plan and team (defaults: spec section 9). */
export interface WebLoginTarget {
  destination: string;
  teamPlanId: string;
  teamId: string | number | null;
}

/** The email login call takes teamId as a number, or null when it is empty. */
export function teamIdOrNull(teamId: string | number | null | undefined): number | null {
  if (teamId === null || teamId === undefined || teamId === '') return null;
  const id = Number(teamId);
  return Number.isFinite(id) ? id : null;
}

export const oauthProviders = (api: ApiClient, email: string) =>
  api.post<{ data: { provider: OAuthProvider | null } }>('/api/v1/auth/web/oauth-providers', {
    auth: false,
    json: { email },
  });

export const loginByEmail = (api: ApiClient, email: string, target: WebLoginTarget, device: DeviceInfo) =>
  api.post<void>('/api/v1/auth/web/login/email', {
    auth: false,
    json: { email, ...target, teamId: teamIdOrNull(target.teamId), app: APP_NAME, ...device },
  });

export const loginByOauth = (api: ApiClient, provider: OAuthProvider, target: WebLoginTarget) =>
  api.post<{ data: { url: string } }>('/api/v1/auth/web/login/oauth', {
    auth: false,
    json: { provider, ...target, teamId: teamIdOrNull(target.teamId), app: APP_NAME },
  });
