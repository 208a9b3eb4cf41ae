import { decodeTokenClaims, isAuthCode, tokenUid } from './auth-token';

function fakeJwt(payload: unknown): string {
  const encode = (value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = String.fromCharCode(...bytes);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('decodeTokenClaims', () => {
  it('reads kind, uid and exp from a JWT payload', () => {
    expect(decodeTokenClaims(fakeJwt({ kind: 'auth_code', uid: 7, exp: 100 }))).toEqual({
      kind: 'auth_code',
      uid: 7,
      exp: 100,
    });
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    const token = fakeJwt({ uid: 3, name: 'Zoë ✓' });
    expect(decodeTokenClaims(token)?.uid).toBe(3);
  });

  it('ignores claims of the wrong type', () => {
    expect(decodeTokenClaims(fakeJwt({ kind: 5, uid: '7' }))).toEqual({
      kind: undefined,
      uid: undefined,
      exp: undefined,
    });
  });

  it.each([
    ['an opaque refresh token', 'rt_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'],
    ['an empty string', ''],
    ['two segments', 'a.b'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['a payload that is an array', fakeJwt([1, 2])],
    ['a payload that is null', fakeJwt(null)],
  ])('returns null for %s', (_label, token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });
});

describe('isAuthCode and tokenUid', () => {
  it('tells an auth code from an access token and a refresh token', () => {
    expect(isAuthCode(fakeJwt({ kind: 'auth_code', uid: 1 }))).toBe(true);
    expect(isAuthCode(fakeJwt({ uid: 1, sid: 'x' }))).toBe(false);
    expect(isAuthCode('rt_opaque')).toBe(false);
  });

  it('names the account of a token, or null', () => {
    expect(tokenUid(fakeJwt({ kind: 'auth_code', uid: 42 }))).toBe(42);
    expect(tokenUid('rt_opaque')).toBeNull();
  });
});
