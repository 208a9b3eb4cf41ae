// Unsigned JWT-shaped tokens for console tests: the console only decodes claims, never verifies.
function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.test-signature`;
}

export function fakeAuthCode(uid: number, jti = 'code-1'): string {
  return fakeJwt({ kind: 'auth_code', uid, jti });
}

export function fakeAccessToken(uid: number, sid = 'session-1'): string {
  return fakeJwt({ uid, sid });
}
