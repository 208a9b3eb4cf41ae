import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@domain/error-codes';
import { describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { demoAccounts } from '../src/seed/demo-data';
import { authCodeFor, errorOf, exchangeCode, setupTestApp } from './helper';
import { call, type Person, refOf, setupAcmeCast } from './team-fixtures';

// A write whose connection dropped after the server applied it is sent again by the console with the
// same Idempotency-Key (docs/decisions/011-retried-writes.md): the retry answers as the first try did.

const t = setupTestApp();
const demo = setupAcmeCast(t, 'olivia', 'adam');

const newKey = () => randomBytes(18).toString('hex');
const teamUrl = (user: TeamUserRecord) => `/api/v1/collab/teams/${refOf(user)}`;
const invite = (who: Person, user: TeamUserRecord, emails: string[], key: string) =>
  call(
    t,
    who,
    'POST',
    `${teamUrl(user)}/invite`,
    emails.map((email) => ({ email })),
    { 'idempotency-key': key },
  );

async function pendingRowsOf(email: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM team_users tu JOIN team_invitations i ON i.team_user_id = tu.id
     WHERE lower(tu.email) = lower($1)`,
    [email],
  );
  return rows[0]?.n ?? 0;
}

describe('a retried invite', () => {
  it('answers the first answer again, and invites once', async () => {
    const key = newKey();
    const email = `retry-${newKey().slice(0, 8)}@acme.test`;
    const first = await invite(demo.olivia, demo.oliviaAcme, [email], key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await invite(demo.olivia, demo.oliviaAcme, [email], key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await pendingRowsOf(email)).toBe(1);
  });

  it('without the key (or with a new one) is a new call: the address is already invited', async () => {
    const email = `fresh-${newKey().slice(0, 8)}@acme.test`;
    await invite(demo.olivia, demo.oliviaAcme, [email], newKey());
    const again = await invite(demo.olivia, demo.oliviaAcme, [email], newKey());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual([]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('with the same key but another body runs as a new call', async () => {
    const key = newKey();
    const one = `one-${newKey().slice(0, 8)}@acme.test`;
    const two = `two-${newKey().slice(0, 8)}@acme.test`;
    await invite(demo.olivia, demo.oliviaAcme, [one], key);
    const other = await invite(demo.olivia, demo.oliviaAcme, [two], key);
    expect(other.json<{ email: string }[]>().map((user) => user.email)).toEqual([two]);
  });

  it("never replays another caller's answer under the same key", async () => {
    const key = newKey();
    const email = `own-${newKey().slice(0, 8)}@acme.test`;
    const olivias = await invite(demo.olivia, demo.oliviaAcme, [email], key);
    const adams = await invite(demo.adam, demo.adamAcme, [email], key);
    expect(adams.headers['idempotent-replayed']).toBeUndefined();
    expect(adams.body).not.toBe(olivias.body);
    expect(adams.json()).toEqual([]);
  });
});

describe('a retried refusal', () => {
  it('is not kept: the retry runs again', async () => {
    const key = newKey();
    const url = teamUrl(demo.oliviaAcme);
    const refused = await call(t, demo.olivia, 'PUT', url, { name: '  ' }, { 'idempotency-key': key });
    expect(refused.statusCode).toBe(400);
    const rows = await t.db.query('SELECT 1 FROM idempotency_keys WHERE scope LIKE $1', [`%:${key}`]);
    expect(rows).toHaveLength(0);
    const again = await call(t, demo.olivia, 'PUT', url, { name: '  ' }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('a retried auth-code exchange', () => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });
  const exchange = (code: string, key?: string) =>
    key
      ? t.app.inject({
          method: 'POST',
          url: '/api/v2/auth/code',
          ...withKey(key),
          payload: { code, platform: 'web', version: '1', osVersion: 'x', device: 'd', locale: 'en' },
        })
      : exchangeCode(t, code);

  it('with the same key opens a session again (the first answer was lost)', async () => {
    const code = await authCodeFor(t, demoAccounts.mia.email);
    const key = newKey();
    const first = await exchange(code, key);
    expect(first.statusCode).toBe(200);
    const retry = await exchange(code, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<{ refreshToken: string }>().refreshToken).not.toBe(
      first.json<{ refreshToken: string }>().refreshToken,
    );
    // Tokens are never kept in the clear: nothing of the answer is stored.
    const stored = await t.db.query('SELECT 1 FROM idempotency_keys WHERE scope LIKE $1', [`%:${key}`]);
    expect(stored).toHaveLength(0);
  });

  it('with another key, or none, is refused: a spent code is still spent', async () => {
    const code = await authCodeFor(t, demoAccounts.mia.email);
    expect((await exchange(code, newKey())).statusCode).toBe(200);
    const other = await exchange(code, newKey());
    expect(other.statusCode).toBe(401);
    expect(errorOf(other).code).toBe(ErrorCode.tokenInvalid);
    expect((await exchange(code)).statusCode).toBe(401);
  });

  it('after the grace window is refused even with the same key', async () => {
    const code = await authCodeFor(t, demoAccounts.mia.email);
    const key = newKey();
    expect((await exchange(code, key)).statusCode).toBe(200);
    await t.db.query(
      "UPDATE auth_codes SET used_at = now() - interval '31 seconds' WHERE used_at IS NOT NULL",
    );
    expect((await exchange(code, key)).statusCode).toBe(401);
  });
});
