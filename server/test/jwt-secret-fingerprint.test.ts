import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { ConfigError } from '../src/settings/config';
import {
  checkJwtSecretFingerprint,
  ROTATE_COMMAND,
  rotateJwtSecretFingerprint,
} from '../src/start/jwt-secret-fingerprint';
import { createTestDb, type TestDb } from './helper';

// The start-up's key check on the database itself (PGlite, or Postgres with DATABASE_URL). The real
// server and CLI refusing and rotating: jwt-secret-start.test.ts.

let testDb: TestDb;
const fromEnv = { jwtSecret: 'set', dataDir: '/srv/spark' };
const generated = { jwtSecret: null, dataDir: '/srv/spark' };
const newKey = () => new TextEncoder().encode(randomBytes(36).toString('base64url'));

beforeAll(async () => {
  testDb = await createTestDb();
  await migrate(testDb.db);
});
afterAll(async () => {
  await testDb?.close();
});

async function forget(): Promise<void> {
  await testDb.db.query('DELETE FROM jwt_secret_fingerprint');
}

async function refusal(check: Promise<unknown>): Promise<string> {
  const error = await check.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe('the JWT_SECRET fingerprint', () => {
  it('is recorded by the first start, and the same key passes every later one', async () => {
    await forget();
    const key = newKey();
    expect(await checkJwtSecretFingerprint(testDb.db, key, fromEnv)).toBe('recorded');
    expect(await checkJwtSecretFingerprint(testDb.db, key, fromEnv)).toBe('same');
    expect(await checkJwtSecretFingerprint(testDb.db, key, generated)).toBe('same');
  });

  it('refuses another key with one line naming JWT_SECRET and the way to rotate', async () => {
    await forget();
    const first = newKey();
    const second = newKey();
    await checkJwtSecretFingerprint(testDb.db, first, fromEnv);
    const message = await refusal(checkJwtSecretFingerprint(testDb.db, second, fromEnv));
    expect(message).toMatch(/^JWT_SECRET is not the key this database's tokens are signed with \(recorded /);
    expect(message).toContain('Every server on one database needs the same JWT_SECRET');
    expect(message).toContain(ROTATE_COMMAND);
    expect(message).not.toContain('\n');
    // Unset, the key came from DATA_DIR: the message says which file, and still names the variable.
    const unset = await refusal(checkJwtSecretFingerprint(testDb.db, second, generated));
    expect(unset).toMatch(
      /^JWT_SECRET is unset and the key generated in \/srv\/spark\/jwt-secret is not the key/,
    );
  });

  it('stores neither the key nor anything equal for two databases with the same key', async () => {
    await forget();
    const key = newKey();
    await checkJwtSecretFingerprint(testDb.db, key, fromEnv);
    const [row] = await testDb.db.query<{ salt: string; fingerprint: string }>(
      'SELECT salt, fingerprint FROM jwt_secret_fingerprint',
    );
    const text = new TextDecoder().decode(key);
    expect(JSON.stringify(row)).not.toContain(text);
    expect(row?.fingerprint).toMatch(/^[\w-]{43}$/);
    await forget();
    await checkJwtSecretFingerprint(testDb.db, key, fromEnv);
    const [again] = await testDb.db.query<{ salt: string; fingerprint: string }>(
      'SELECT salt, fingerprint FROM jwt_secret_fingerprint',
    );
    // A fresh salt per record: the same key leaves a different trace each time.
    expect(again?.salt).not.toBe(row?.salt);
    expect(again?.fingerprint).not.toBe(row?.fingerprint);
  });

  it('lets exactly one of two servers starting at once with different keys run', async () => {
    for (let round = 0; round < 5; round++) {
      await forget();
      const results = await Promise.allSettled([
        checkJwtSecretFingerprint(testDb.db, newKey(), fromEnv),
        checkJwtSecretFingerprint(testDb.db, newKey(), fromEnv),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((result) => result.status === 'rejected');
      expect(String((refused as PromiseRejectedResult).reason)).toContain('JWT_SECRET');
    }
  });

  it('lets two servers starting at once with the same key both run', async () => {
    await forget();
    const key = newKey();
    const results = await Promise.all([
      checkJwtSecretFingerprint(testDb.db, key, fromEnv),
      checkJwtSecretFingerprint(testDb.db, key, fromEnv),
    ]);
    expect(results.sort()).toEqual(['recorded', 'same']);
  });

  it('after a rotation the new key starts and the old one is refused', async () => {
    await forget();
    const old = newKey();
    const replacement = newKey();
    await checkJwtSecretFingerprint(testDb.db, old, fromEnv);
    await rotateJwtSecretFingerprint(testDb.db, replacement);
    expect(await checkJwtSecretFingerprint(testDb.db, replacement, fromEnv)).toBe('same');
    expect(await refusal(checkJwtSecretFingerprint(testDb.db, old, fromEnv))).toContain('JWT_SECRET');
    // On a database that never had one, a rotation simply records it.
    await forget();
    await rotateJwtSecretFingerprint(testDb.db, old);
    expect(await checkJwtSecretFingerprint(testDb.db, old, fromEnv)).toBe('same');
  });
});
