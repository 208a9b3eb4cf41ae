// No database: the access-token check and its memory of verified tokens.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from '../src/auth/tokens';
import { createVerifiedTokens } from '../src/auth/verified-tokens';

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens verified before', () => {
  it('are refused once expired, though remembered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const signer = createTokenSigner(randomBytes(32));
    const { token } = await signer.signAccessToken({ uid: 4, sid: 7 }, 60);
    expect(await signer.verifyAccessToken(token)).toEqual({ uid: 4, sid: 7 });
    expect(await signer.verifyAccessToken(token)).toEqual({ uid: 4, sid: 7 });
    vi.setSystemTime(new Date('2030-01-01T00:00:59Z'));
    expect(await signer.verifyAccessToken(token)).toEqual({ uid: 4, sid: 7 });
    vi.setSystemTime(new Date('2030-01-01T00:01:00Z'));
    expect(await signer.verifyAccessToken(token)).toBeNull();
  });

  it('do not vouch for an altered token, another key or another kind', async () => {
    const signer = createTokenSigner(randomBytes(32));
    const { token } = await signer.signAccessToken({ uid: 4, sid: 7 });
    expect(await signer.verifyAccessToken(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, uid: 5 })).toString('base64url');
    expect(await signer.verifyAccessToken(`${header}.${otherPayload}.${signature}`)).toBeNull();
    expect(await signer.verifyAccessToken(`${token}x`)).toBeNull();
    expect(await signer.verifyAccessToken(` ${token}`)).toBeNull();
    // The same token is no access token to a server with another key.
    expect(await createTokenSigner(randomBytes(32)).verifyAccessToken(token)).toBeNull();
    const code = await signer.signAuthCode({ uid: 4, jti: 'j' });
    expect(await signer.verifyAccessToken(code)).toBeNull();
    expect(await signer.verifyAccessToken(code)).toBeNull();
    expect(await signer.verifyAuthCode(token)).toBeNull();
  });
});

describe('createVerifiedTokens', () => {
  it('keeps at most its bound, the oldest going first', () => {
    const tokens = createVerifiedTokens(2);
    tokens.add('a', { uid: 1, sid: 1, exp: 100 });
    tokens.add('b', { uid: 2, sid: 2, exp: 100 });
    tokens.add('c', { uid: 3, sid: 3, exp: 100 });
    expect(tokens.size).toBe(2);
    expect(tokens.get('a', 0)).toBeUndefined();
    expect(tokens.get('b', 0)).toEqual({ uid: 2, sid: 2, exp: 100 });
    expect(tokens.get('c', 99)).toEqual({ uid: 3, sid: 3, exp: 100 });
    // Expired: forgotten.
    expect(tokens.get('c', 100)).toBeUndefined();
    expect(tokens.size).toBe(1);
  });
});
