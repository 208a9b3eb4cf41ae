// Sign-in calls (spec section 7, 'Auth and general'). None of them sends a bearer token.

import type { ApiClient } from '@/api/client';
import type { DeviceInfo, Tokens } from '@/domain/entities';

/** The `app` value the console identifies itself with. */
export const APP_NAME = 'console';

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

export const exchangeAuthCode = (api: ApiClient, code: string, device: DeviceInfo) =>
  api.post<Tokens>('/api/v2/auth/code', { auth: false, json: { code, app: APP_NAME, ...device } });

export function refreshTokens(api: ApiClient, refreshToken: string) {
  const body = new FormData();
  body.set('refreshToken', refreshToken);
  return api.post<Tokens>('/api/v1/auth/refresh', { auth: false, body });
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

/** POST /api/v2/app: application data (its fields are not detailed by the spec). */
export const sendAppData = (api: ApiClient, data: Record<string, unknown>) =>
  api.post<void>('/api/v2/app', { auth: false, json: data });
