import { randomBytes, randomUUID } from 'node:crypto';
import type { Tokens } from '@domain/entities';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../src/db/db';
import { type CallerAsk, createCallerRepository } from '../src/db/repositories/caller.repository';
import { createBatchedCallerRepository } from '../src/db/repositories/caller-batch.repository';
import { demoAccounts, demoInvitee } from '../src/seed/demo-data';
import { accountId, errorOf, setupTestApp, signIn, twoServers, withBearer } from './helper';

// Decision 042: concurrent requests' caller checks go to the database as one statement. Each must get
// exactly what the statement of caller.repository.ts gives it alone, in every case the API tests of
// the caller check and the members page cover, and a failure must reach each as it would alone.
const t = setupTestApp();

/** The app's Db, with every statement it is sent recorded, and a way to make some of them fail. */
function watched(
  db: Queryable,
  fail: (sql: string, params: readonly unknown[]) => Error | null = () => null,
) {
  const statements: string[] = [];
  const queryable: Queryable = {
    query: (sql, params) => {
      statements.push(sql);
      const error = fail(sql, params ?? []);
      return error ? Promise.reject(error) : db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { queryable, statements };
}

const isBatch = (sql: string) => sql.includes('unnest(');

let ids: {
  acme: number;
  bakery: number;
  deletedTeam: number;
  olivia: { account: number; session: number; acme: number; bakery: number };
  mia: { account: number; session: number; acme: number };
  ben: { account: number; session: number; acme: number };
  adam: { account: number; revokedSession: number; acme: number };
  paula: number;
};

async function newSession(account: number): Promise<number> {
  return t.repos.sessions.create({
    accountId: account,
    familyId: randomUUID(),
    tokenHash: randomBytes(16).toString('hex'),
    device: { platform: 'web', version: '1', osVersion: 'test', device: 'test', locale: 'en' },
    ttlSeconds: 3600,
  });
}

async function teamUserOf(teamId: number, account: number): Promise<number> {
  const found = await t.repos.teamUsers.findByAccountInTeam(teamId, account);
  if (!found) throw new Error('no such demo membership');
  return found.id;
}

beforeAll(async () => {
  const [acme] = await t.repos.teams.findByName('Acme Inc');
  const [bakery] = await t.repos.teams.findByName('Basic Bakery');
  if (!acme || !bakery) throw new Error('no demo teams');
  const account = (who: keyof typeof demoAccounts) => accountId(t, demoAccounts[who].email);
  const [olivia, mia, ben, adam] = await Promise.all([
    account('olivia'),
    account('mia'),
    account('ben'),
    account('adam'),
  ]);
  const deleted = await t.repos.teams.create({ name: 'Gone Ltd', plan: 'basic' });
  await t.repos.teamUsers.create({
    teamId: deleted.id,
    accountId: olivia,
    email: demoAccounts.olivia.email,
    fullName: 'Olivia Owens',
    role: 'owner',
  });
  await t.repos.teams.markDeleted(deleted.id, new Date());
  const adamFamily = randomUUID();
  const revoked = await t.repos.sessions.create({
    accountId: adam,
    familyId: adamFamily,
    tokenHash: randomBytes(16).toString('hex'),
    device: { platform: 'web', version: '1', osVersion: 'test', device: 'test', locale: 'en' },
    ttlSeconds: 3600,
  });
  await t.repos.sessions.revokeFamily(adamFamily);
  const paula = (await t.repos.teamUsers.listByTeam(acme.id)).find((u) => u.email === demoInvitee.email);
  if (!paula) throw new Error('no pending invitee');
  ids = {
    acme: acme.id,
    bakery: bakery.id,
    deletedTeam: deleted.id,
    olivia: {
      account: olivia,
      session: await newSession(olivia),
      acme: await teamUserOf(acme.id, olivia),
      bakery: await teamUserOf(bakery.id, olivia),
    },
    mia: { account: mia, session: await newSession(mia), acme: await teamUserOf(acme.id, mia) },
    ben: { account: ben, session: await newSession(ben), acme: await teamUserOf(acme.id, ben) },
    adam: { account: adam, revokedSession: revoked, acme: await teamUserOf(acme.id, adam) },
    paula: paula.id,
  };
});

/** Every case of the caller check, with and without a members page: one request each. */
function everyCase(): [string, CallerAsk][] {
  const { olivia, mia, ben, adam } = ids;
  const as = (who: { account: number; session: number }) => ({
    sessionId: who.session,
    accountId: who.account,
  });
  const page = (afterId: number, limit: number) => ({ afterId, limit });
  const cases: [string, CallerAsk][] = [
    ['owner, own row', { session: as(olivia), ref: { teamId: ids.acme, userId: olivia.acme }, page: null }],
    ['member, own row', { session: as(mia), ref: { teamId: ids.acme, userId: mia.acme }, page: null }],
    [
      'member of two teams',
      { session: as(olivia), ref: { teamId: ids.bakery, userId: olivia.bakery }, page: null },
    ],
    ['unknown team', { session: as(olivia), ref: { teamId: 999_999, userId: olivia.acme }, page: null }],
    [
      'deleted team',
      { session: as(olivia), ref: { teamId: ids.deletedTeam, userId: olivia.acme }, page: null },
    ],
    [
      'revoked session',
      {
        session: { sessionId: adam.revokedSession, accountId: adam.account },
        ref: { teamId: ids.acme, userId: adam.acme },
        page: null,
      },
    ],
    [
      'unknown session',
      {
        session: { sessionId: 999_999, accountId: olivia.account },
        ref: { teamId: ids.acme, userId: olivia.acme },
        page: null,
      },
    ],
    [
      "another account's session",
      {
        session: { sessionId: mia.session, accountId: olivia.account },
        ref: { teamId: ids.acme, userId: olivia.acme },
        page: null,
      },
    ],
    ['banned member', { session: as(ben), ref: { teamId: ids.acme, userId: ben.acme }, page: null }],
    [
      "someone else's row in the team",
      { session: as(mia), ref: { teamId: ids.acme, userId: olivia.acme }, page: null },
    ],
    ['a pending invitee row', { session: as(mia), ref: { teamId: ids.acme, userId: ids.paula }, page: null }],
    [
      "another team's user",
      { session: as(olivia), ref: { teamId: ids.acme, userId: olivia.bakery }, page: null },
    ],
    ['no such team user', { session: as(olivia), ref: { teamId: ids.acme, userId: 999_999 }, page: null }],
    // Members pages: the first, a later one, a short one, past the end, and callers who may not see them.
    [
      'first page',
      { session: as(olivia), ref: { teamId: ids.acme, userId: olivia.acme }, page: page(0, 501) },
    ],
    [
      'later page',
      { session: as(mia), ref: { teamId: ids.acme, userId: mia.acme }, page: page(olivia.acme, 501) },
    ],
    [
      'page of two',
      { session: as(olivia), ref: { teamId: ids.acme, userId: olivia.acme }, page: page(0, 2) },
    ],
    [
      'page past the end',
      { session: as(olivia), ref: { teamId: ids.acme, userId: olivia.acme }, page: page(999_999, 501) },
    ],
    [
      'page of another team',
      { session: as(olivia), ref: { teamId: ids.bakery, userId: olivia.bakery }, page: page(0, 501) },
    ],
    ['page, banned', { session: as(ben), ref: { teamId: ids.acme, userId: ben.acme }, page: page(0, 501) }],
    [
      'page, revoked session',
      {
        session: { sessionId: adam.revokedSession, accountId: adam.account },
        ref: { teamId: ids.acme, userId: adam.acme },
        page: page(0, 501),
      },
    ],
    [
      "page, someone else's row",
      { session: as(mia), ref: { teamId: ids.acme, userId: olivia.acme }, page: page(0, 501) },
    ],
    [
      'page, deleted team',
      { session: as(olivia), ref: { teamId: ids.deletedTeam, userId: olivia.acme }, page: page(0, 501) },
    ],
    [
      'page, unknown team',
      { session: as(olivia), ref: { teamId: 999_999, userId: olivia.acme }, page: page(0, 501) },
    ],
  ];
  return cases;
}

const alone = (ask: CallerAsk) => createCallerRepository(t.db).findInTeam(ask.session, ask.ref, ask.page);

describe('caller checks asked together', () => {
  it('answer every case as the statement alone does, in one statement', async () => {
    const cases = everyCase();
    const expected = [];
    for (const [, ask] of cases) expected.push(await alone(ask));
    // The cases say what they should: a live owner's page has rows, a banned member's has none.
    expect(expected[0]?.teamUser?.id).toBe(ids.olivia.acme);
    expect(expected[3]?.team).toBeNull();
    expect(expected[4]?.team).toBeNull();
    expect(expected[5]?.accountId).toBeNull();
    expect(expected[13]?.membersPage?.rows.length).toBeGreaterThan(3);
    expect(expected[15]?.membersPage?.rows).toHaveLength(2);
    expect(expected[16]?.membersPage?.rows).toEqual([]);
    expect(expected[18]?.membersPage).toBeNull();

    const { queryable, statements } = watched(t.db);
    const batched = createBatchedCallerRepository(queryable);
    const answers = await Promise.all(
      cases.map(([, ask]) => batched.findInTeam(ask.session, ask.ref, ask.page)),
    );
    for (const [i, [name]] of cases.entries()) expect([name, answers[i]]).toEqual([name, expected[i]]);
    expect(statements).toHaveLength(1);
    expect(isBatch(statements[0] as string)).toBe(true);
  });

  it('in any order and mix: each request gets its own row back', async () => {
    const cases = everyCase();
    const expected = new Map<string, unknown>();
    for (const [name, ask] of cases) expected.set(name, await alone(ask));
    const { queryable, statements } = watched(t.db);
    const batched = createBatchedCallerRepository(queryable);
    const shuffled = [...cases.slice(7), ...cases.slice(0, 7)].reverse();
    const twice = [...shuffled, ...shuffled.slice(0, 5)];
    const answers = await Promise.all(
      twice.map(([, ask]) => batched.findInTeam(ask.session, ask.ref, ask.page)),
    );
    for (const [i, [name]] of twice.entries()) expect([name, answers[i]]).toEqual([name, expected.get(name)]);
    expect(statements).toHaveLength(1);
  });

  it('a lone request waits for no one: the statement of caller.repository.ts, within one turn', async () => {
    const [, ask] = everyCase()[13] as [string, CallerAsk];
    const { queryable, statements } = watched(t.db);
    const batched = createBatchedCallerRepository(queryable);
    const answer = batched.findInTeam(ask.session, ask.ref, ask.page);
    expect(statements).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toHaveLength(1);
    expect(isBatch(statements[0] as string)).toBe(false);
    expect(await answer).toEqual(await alone(ask));
  });

  it('requests asked while a batch is out go together in the next one', async () => {
    const cases = everyCase();
    const statements: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first batch's answer is held back until the test lets it go.
    const queryable: Queryable = {
      query: async (sql, params) => {
        statements.push(sql);
        if (statements.length === 1) await held;
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
    };
    const batched = createBatchedCallerRepository(queryable);
    const ask = (i: number) => {
      const [, a] = cases[i] as [string, CallerAsk];
      return batched.findInTeam(a.session, a.ref, a.page);
    };
    const first = [ask(0), ask(1)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toHaveLength(1);
    // The first batch is out: these wait for it, across turns, and then leave as one.
    const second = [ask(13), ask(5)];
    await new Promise((resolve) => setImmediate(resolve));
    const third = [ask(18), ask(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toHaveLength(1);
    release();
    const answers = await Promise.all([...first, ...second, ...third]);
    expect(statements).toHaveLength(2);
    expect(statements.every(isBatch)).toBe(true);
    expect(answers).toEqual(
      await Promise.all([0, 1, 13, 5, 18, 3].map((i) => alone(cases[i]?.[1] as CallerAsk))),
    );
  });

  it('a session revoked before the batch is refused in it; the others are not', async () => {
    const family = randomUUID();
    const session = await t.repos.sessions.create({
      accountId: ids.mia.account,
      familyId: family,
      tokenHash: randomBytes(16).toString('hex'),
      device: { platform: 'web', version: '1', osVersion: 'test', device: 'test', locale: 'en' },
      ttlSeconds: 3600,
    });
    const batched = createBatchedCallerRepository(t.db);
    const mia = { sessionId: session, accountId: ids.mia.account };
    const olivia = { sessionId: ids.olivia.session, accountId: ids.olivia.account };
    const ref = { teamId: ids.acme, userId: ids.mia.acme };
    expect((await batched.findInTeam(mia, ref)).accountId).toBe(ids.mia.account);
    await t.repos.sessions.revokeFamily(family);
    const [revoked, live] = await Promise.all([
      batched.findInTeam(mia, ref, { afterId: 0, limit: 501 }),
      batched.findInTeam(olivia, { teamId: ids.acme, userId: ids.olivia.acme }, { afterId: 0, limit: 501 }),
    ]);
    expect(revoked.accountId).toBeNull();
    expect(revoked.membersPage).toBeNull();
    expect(live.accountId).toBe(ids.olivia.account);
    expect(live.membersPage?.rows.length).toBeGreaterThan(3);
  });
});

describe('a failed batch', () => {
  it('reaches each request as it would alone: one refused input spoils no other answer', async () => {
    const cases = everyCase().slice(0, 4);
    // A session id past Postgres's integer: the database refuses that statement alone too.
    const bad: CallerAsk = {
      session: { sessionId: 2 ** 31, accountId: ids.olivia.account },
      ref: { teamId: ids.acme, userId: ids.olivia.acme },
      page: null,
    };
    const aloneError = await alone(bad).then(
      () => null,
      (error: Error) => error,
    );
    expect(aloneError).toBeInstanceOf(Error);
    const { queryable, statements } = watched(t.db);
    const batched = createBatchedCallerRepository(queryable);
    const settled = await Promise.allSettled([
      ...cases.map(([, ask]) => batched.findInTeam(ask.session, ask.ref, ask.page)),
      batched.findInTeam(bad.session, bad.ref, bad.page),
    ]);
    const expected = await Promise.all(cases.map(([, ask]) => alone(ask)));
    expect(settled.slice(0, 4)).toEqual(expected.map((value) => ({ status: 'fulfilled', value })));
    expect(settled[4]).toMatchObject({ status: 'rejected', reason: { message: aloneError?.message } });
    expect((settled[4] as PromiseRejectedResult).reason.constructor).toBe(aloneError?.constructor);
    // The batch, then each request alone.
    expect(statements.filter(isBatch)).toHaveLength(1);
    expect(statements.filter((sql) => !isBatch(sql))).toHaveLength(5);
  });

  it('when the database fails, every request in it fails with the error it meets alone', async () => {
    const down = new Error('Connection terminated unexpectedly');
    const { queryable } = watched(t.db, () => down);
    const batched = createBatchedCallerRepository(queryable);
    const cases = everyCase().slice(10, 16);
    const settled = await Promise.allSettled(
      cases.map(([, ask]) => batched.findInTeam(ask.session, ask.ref, ask.page)),
    );
    expect(settled).toEqual(cases.map(() => ({ status: 'rejected', reason: down })));
  });

  it('when only the batched statement fails, each request still gets its answer', async () => {
    const { queryable, statements } = watched(t.db, (sql) =>
      isBatch(sql) ? new Error('batch refused') : null,
    );
    const batched = createBatchedCallerRepository(queryable);
    const cases = everyCase();
    const answers = await Promise.all(
      cases.map(([, ask]) => batched.findInTeam(ask.session, ask.ref, ask.page)),
    );
    expect(answers).toEqual(await Promise.all(cases.map(([, ask]) => alone(ask))));
    expect(statements).toHaveLength(1 + cases.length);
  });
});

describe('through the API: concurrent requests of different callers', () => {
  let olivia: Tokens;
  let mia: Tokens;
  let ben: Tokens;
  let oliviaAcme: string;
  let miaAcme: string;
  let benAcme: string;

  beforeAll(async () => {
    [olivia, mia, ben] = await Promise.all([
      signIn(t, demoAccounts.olivia.email),
      signIn(t, demoAccounts.mia.email),
      signIn(t, demoAccounts.ben.email),
    ]);
    oliviaAcme = `${ids.acme}-${ids.olivia.acme}`;
    miaAcme = `${ids.acme}-${ids.mia.acme}`;
    benAcme = `${ids.acme}-${ids.ben.acme}`;
  });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url, headers: withBearer(tokens.accessToken) });
  const token = (id: number) => Buffer.from(`v1:${id}`).toString('base64url');

  it('answer as they do one after the other, bad input a 400 as before, never a 500', async () => {
    const calls: [string, Tokens][] = [
      [`/api/v1/collab/${oliviaAcme}/users`, olivia],
      [`/api/v1/collab/teams/${miaAcme}`, mia],
      [`/api/v1/collab/${miaAcme}/users?pageToken=${token(ids.olivia.acme)}`, mia],
      [`/api/v1/collab/${benAcme}/users`, ben],
      [`/api/v1/collab/teams/${benAcme}`, ben],
      [`/api/v1/collab/${oliviaAcme}/users`, mia],
      [`/api/v1/collab/teams/999999-1`, olivia],
      [`/api/v1/collab/${oliviaAcme}/users?pageToken=not-ours`, olivia],
      [`/api/v1/collab/${ids.acme}-${ids.olivia.bakery}/users`, olivia],
      [`/api/v1/collab/teams/${ids.deletedTeam}-${ids.olivia.acme}`, olivia],
      [`/api/v1/collab/${oliviaAcme}/users?pageToken=${token(999_999)}`, olivia],
    ];
    const sequential = [];
    for (const [url, tokens] of calls) sequential.push(await get(url, tokens));
    const statuses = sequential.map((response) => response.statusCode);
    expect(statuses).toEqual([200, 200, 200, 403, 403, 403, 404, 400, 403, 404, 200]);
    const concurrent = await Promise.all(calls.map(([url, tokens]) => get(url, tokens)));
    expect(concurrent.map((response) => [response.statusCode, response.json()])).toEqual(
      sequential.map((response) => [response.statusCode, response.json()]),
    );
    expect(errorOf(concurrent[3] as (typeof concurrent)[number])).toMatchObject({ code: 1850 });
  });

  it.skipIf(twoServers)('share statements when they arrive together', async () => {
    const statements: string[] = [];
    const query = t.db.query.bind(t.db);
    const spy = vi.spyOn(t.db, 'query').mockImplementation((sql, params) => {
      statements.push(sql);
      return query(sql, params);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          get(`/api/v1/collab/${i % 2 ? miaAcme : oliviaAcme}/users`, i % 2 ? mia : olivia),
        ),
      );
      expect(answers.map((response) => response.statusCode)).toEqual(Array(12).fill(200));
    } finally {
      spy.mockRestore();
    }
    expect(statements.length).toBeLessThan(12);
    expect(statements.some(isBatch)).toBe(true);
  });
});
