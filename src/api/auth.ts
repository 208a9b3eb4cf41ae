// Sign-in calls (spec section 7, 'Auth and general'). None of them sends a bearer token.

import type { ApiClient } from '@/api/client';
import type { DeviceInfo, Tokens } from '@/domain/entities';

/** The `app` value the console identifies itself with. */
export const APP_NAME = 'console';

export const exchangeAuthCode = (api: ApiClient, code: string, device: DeviceInfo) =>
  api.post<Tokens>('/api/v2/auth/code', { auth: false, json: { code, app: APP_NAME, ...device } });

export function refreshTokens(api: ApiClient, refreshToken: string) {
  const body = new FormData();
  body.set('refreshToken', refreshToken);
  return api.post<Tokens>('/api/v1/auth/refresh', { auth: false, body });
}

/** POST /api/v2/app: application data (its fields are not detailed by the spec). */
export const sendAppData = (api: ApiClient, data: Record<string, unknown>) =>
  api.post<void>('/api/v2/app', { auth: false, json: data });

/** POST /api/v2/auth/logout: the server revokes the session the refresh token belongs to. */
export const logout = (api: ApiClient, refreshToken: string, signal?: AbortSignal) =>
  api.post<void>('/api/v2/auth/logout', { auth: false, json: { refreshToken }, signal });
