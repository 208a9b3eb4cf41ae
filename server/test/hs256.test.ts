// No Postgres database: token signatures only.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from '../src/auth/hs256';

// The synchronous verifier must answer as jose's jwtVerify did for every token shape it may meet.
const secret = randomBytes(32);
const key = createSecretKey(secret);
const now = 1_900_000_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function sign(claims: Record<string, unknown>) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new Uint8Array(secret));
}

/** What jose refuses to sign (a critical header, a payload that is not an object), signed with the key. */
function signedByHand(header: unknown, payload: unknown): string {
  const signed = `${b64(header)}.${b64(payload)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

describe('verifyHs256', () => {
  it('accepts what jose signs, with its claims', async () => {
    const token = await sign({ kind: 'access', uid: 3, sid: 9, iat: now - 10, exp: now + 60 });
    expect(verifyHs256(token, key, now)).toEqual({
      kind: 'access',
      uid: 3,
      sid: 9,
      iat: now - 10,
      exp: now + 60,
    });
  });

  it('refuses an expired token (exp reached), a token without exp and one not yet valid', async () => {
    expect(verifyHs256(await sign({ exp: now }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ exp: now + 1 }), key, now)).not.toBeNull();
    expect(verifyHs256(await sign({ uid: 1 }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ exp: now + 60, nbf: now + 1 }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ exp: now + 60, nbf: now }), key, now)).not.toBeNull();
    expect(verifyHs256(await sign({ exp: now + 60, iat: 'yesterday' }), key, now)).toBeNull();
    expect(verifyHs256(await sign({ exp: String(now + 60) }), key, now)).toBeNull();
  });

  it('refuses another key, another algorithm, alg none and a critical header', async () => {
    const claims = { exp: now + 60 };
    const other = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32));
    expect(verifyHs256(other, key, now)).toBeNull();
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new Uint8Array(secret));
    expect(verifyHs256(hs512, key, now)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'none' })}.${b64(claims)}.`, key, now)).toBeNull();
    expect(verifyHs256(signedByHand({ alg: 'HS256', crit: ['exp'] }, claims), key, now)).toBeNull();
    expect(verifyHs256(signedByHand({ alg: 'HS256' }, claims), key, now)).not.toBeNull();
  });

  it('refuses a changed payload or header, and a signature spelled another way', async () => {
    const token = await sign({ uid: 1, exp: now + 60 });
    const [header, , signature] = token.split('.') as [string, string, string];
    expect(verifyHs256(`${header}.${b64({ uid: 2, exp: now + 60 })}.${signature}`, key, now)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'HS256' })}.${token.split('.')[1]}.${signature}`, key, now)).toBeNull();
    expect(verifyHs256(`${token}=`, key, now)).toBeNull();
    expect(verifyHs256(`${token.slice(0, -1)}*${token.slice(-1)}`, key, now)).toBeNull();
    expect(verifyHs256(`${token}.x`, key, now)).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const garbage of [
      '',
      '.',
      '..',
      'a.b.c',
      'eyJ.eyJ.',
      `${b64([1])}.${b64([1])}.${b64('x')}`,
      '\u0000.\u0000.\u0000',
    ]) {
      expect(verifyHs256(garbage, key, now)).toBeNull();
    }
    // Correctly signed, but the payload is not an object.
    expect(verifyHs256(signedByHand({ alg: 'HS256' }, [1, 2]), key, now)).toBeNull();
    expect(verifyHs256(signedByHand({ alg: 'HS256' }, null), key, now)).toBeNull();
  });
});
