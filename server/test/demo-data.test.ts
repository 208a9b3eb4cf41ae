import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { createRepositories } from '../src/db/repositories';
import { wipeData } from '../src/db/wipe';
import {
  DEMO_TRIAL_DAYS,
  demoAccounts,
  demoInvitee,
  demoTeams,
  resetDemoData,
  seedIfEmpty,
} from '../src/seed/demo-data';
import {
  demoDataDecision,
  loginHint,
  seedIfWanted,
  startDemoData,
  wipeRefusal,
} from '../src/seed/demo-data-setting';
import { ConfigError, loadConfig } from '../src/settings/config';
import { createTestDb, type TestDb } from './helper';

let testDb: TestDb | null = null;
afterAll(async () => {
  await testDb?.close();
});

/** A migrated database with empty tables: one per file, wiped for each test (a new one costs a second). */
async function emptyDb(): Promise<Db> {
  if (!testDb) {
    testDb = await createTestDb();
    await migrate(testDb.db);
  }
  await wipeData(testDb.db);
  return testDb.db;
}

describe('demo data', () => {
  it('is loaded into an empty database once', async () => {
    const db = await emptyDb();
    expect(await seedIfEmpty(db)).toBe(true);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await createRepositories(db).accounts.count()).toBe(Object.keys(demoAccounts).length);
  });

  it('holds the teams, people, roles and settings of issue 2', async () => {
    const db = await emptyDb();
    const before = Date.now();
    await seedIfEmpty(db);
    const repos = createRepositories(db);
    const team = async (name: string) => {
      const [found] = await repos.teams.findByName(name);
      if (!found) throw new Error(`no team ${name}`);
      return { team: found, users: await repos.teamUsers.listByTeam(found.id) };
    };
    const byEmail = (users: Awaited<ReturnType<typeof team>>['users'], email: string) =>
      users.find((u) => u.email === email);

    const acme = await team(demoTeams.acme.name);
    expect(acme.team).toMatchObject({
      plan: 'premium',
      domain: 'acme.test',
      domainSignupsEnabled: true,
      trialStatus: null,
      settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
      // Olivia, Adam, Mia: Ben is banned and Paula has not accepted yet.
      usersCnt: 3,
    });
    expect(byEmail(acme.users, demoAccounts.olivia.email)).toMatchObject({
      role: 'owner',
      fullName: 'Olivia Owens',
    });
    const adam = byEmail(acme.users, demoAccounts.adam.email);
    expect(adam).toMatchObject({ role: 'admin', fullName: 'Adam Admin', isBanned: false });
    expect(byEmail(acme.users, demoAccounts.mia.email)).toMatchObject({
      role: 'member',
      fullName: 'Mia Member',
    });
    expect(byEmail(acme.users, demoAccounts.ben.email)).toMatchObject({
      role: 'member',
      fullName: 'Ben Banned',
      isBanned: true,
      teamStatus: 'active',
    });
    expect(byEmail(acme.users, demoInvitee.email)).toMatchObject({
      teamStatus: 'pending',
      accountId: null,
      inviterId: adam?.id,
      isBanned: false,
    });
    expect(await repos.accounts.findByEmail(demoInvitee.email)).toBeNull();
    // Paula's invitation has its row (so it can be resent), sent a day before seeding.
    const [invitation] = await db.query<{ sentAgo: number; ttlDays: number; usedAt: Date | null }>(
      `SELECT extract(epoch FROM now() - last_sent_at)::float8 AS "sentAgo",
              extract(epoch FROM expires_at - last_sent_at)::float8 / 86400 AS "ttlDays", used_at AS "usedAt"
       FROM team_invitations WHERE team_user_id = $1`,
      [byEmail(acme.users, demoInvitee.email)?.id],
    );
    expect(invitation?.sentAgo).toBeGreaterThan(86_000);
    expect(invitation).toMatchObject({ ttlDays: 14, usedAt: null });

    const bakery = await team(demoTeams.bakery.name);
    expect(bakery.team).toMatchObject({ plan: 'basic', domain: null, usersCnt: 2 });
    expect(byEmail(bakery.users, demoAccounts.bella.email)).toMatchObject({
      role: 'owner',
      fullName: 'Bella Baker',
    });
    expect(byEmail(bakery.users, demoAccounts.olivia.email)).toMatchObject({ role: 'member' });

    const trial = await team(demoTeams.trial.name);
    expect(trial.team).toMatchObject({ plan: 'premium', trialStatus: 'in_progress', usersCnt: 2 });
    const tenDays = DEMO_TRIAL_DAYS * 24 * 3600;
    expect(trial.team.trialEndAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) + tenDays - 1);
    expect(trial.team.trialEndAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + tenDays);
    expect(byEmail(trial.users, demoAccounts.tara.email)).toMatchObject({
      role: 'owner',
      fullName: 'Tara Trial',
    });
    expect(byEmail(trial.users, demoAccounts.olivia.email)).toMatchObject({ role: 'member' });

    const solo = await repos.accounts.findByEmail(demoAccounts.solo.email);
    expect(solo?.fullName).toBe('Sam Solo');
    expect(await repos.teamUsers.listByAccount(solo?.id as number)).toEqual([]);
  });

  it('is restored by a reset, with ids starting again', async () => {
    const db = await emptyDb();
    await seedIfEmpty(db);
    const repos = createRepositories(db);
    const ids = async () =>
      (await db.query<{ id: number }>('SELECT id FROM team_users ORDER BY id')).map((r) => r.id);
    const original = await ids();
    await repos.accounts.create({ email: 'extra@example.test', fullName: 'Extra' });
    await db.query("UPDATE teams SET name = 'Renamed' WHERE name = $1", [demoTeams.acme.name]);
    await db.query(
      "INSERT INTO sessions (account_id, family_id, token_hash, expires_at) VALUES (1, gen_random_uuid(), 'h', now())",
    );

    await resetDemoData(db);
    expect(await ids()).toEqual(original);
    expect(await repos.accounts.findByEmail('extra@example.test')).toBeNull();
    expect(await repos.teams.findByName(demoTeams.acme.name)).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM sessions')).toEqual([]);
    expect((await db.query('SELECT 1 FROM schema_migrations')).length).toBeGreaterThan(0);
  });
});

describe('where demo data loads (DEMO_DATA, PUBLIC_URL)', () => {
  const decision = (env: NodeJS.ProcessEnv) => demoDataDecision(loadConfig(env));
  const publicWhy = 'PUBLIC_URL https://teams.example.com is not loopback; DEMO_DATA=on to load it';

  it('auto loads on a loopback address only, as the stand-ins run; on and off decide by name', () => {
    expect(decision({})).toEqual({ load: true, why: 'PUBLIC_URL unset and HOST is loopback' });
    expect(decision({ PUBLIC_URL: 'http://localhost:5173' })).toEqual({
      load: true,
      why: 'PUBLIC_URL is loopback',
    });
    expect(decision({ PUBLIC_URL: 'https://teams.example.com' })).toEqual({ load: false, why: publicWhy });
    // Only scheme and host are named: no credentials or path from the URL reach the output.
    expect(decision({ PUBLIC_URL: 'https://user:secret@teams.example.com/console/' }).why).toBe(publicWhy);
    expect(decision({ HOST: '0.0.0.0' })).toEqual({
      load: false,
      why: 'PUBLIC_URL is unset and HOST 0.0.0.0 is not loopback; DEMO_DATA=on to load it',
    });
    expect(decision({ PUBLIC_URL: 'https://teams.example.com', DEMO_DATA: 'on' })).toEqual({
      load: true,
      why: 'DEMO_DATA=on',
    });
    expect(decision({ DEMO_DATA: 'off' })).toEqual({ load: false, why: 'DEMO_DATA=off' });
    expect(decision({ DEMO_DATA: ' off ' }).load).toBe(false);
    for (const value of ['yes', 'true', '1', 'ON!']) {
      expect(() => loadConfig({ DEMO_DATA: value }), value).toThrow(
        new ConfigError('DEMO_DATA must be auto, on or off'),
      );
    }
  });

  it('a public address leaves an empty database empty and says how to make the first account', async () => {
    const db = await emptyDb();
    const started = await startDemoData(db, loadConfig({ PUBLIC_URL: 'https://teams.example.com' }));
    expect(started).toEqual({
      seeded: false,
      holds: 'nothing',
      line: `demo data: not loaded (${publicWhy})`,
    });
    expect(await createRepositories(db).accounts.count()).toBe(0);
    expect(await seedIfWanted(db, loadConfig({ PUBLIC_URL: 'https://teams.example.com' }))).toBe(false);
    expect(await createRepositories(db).accounts.count()).toBe(0);
    const hint = loginHint(started.holds, 'npm run --silent cli --', '');
    expect(hint).toBe(
      'No accounts yet. Make the first one (staff): npm run --silent cli -- staff add <email>, then sign in with npm run --silent cli -- login-url <email>',
    );
    expect(hint).not.toContain(demoAccounts.olivia.email);
  });

  it('DEMO_DATA=on loads it behind a public address; a later start finds it there', async () => {
    const db = await emptyDb();
    const asked = loadConfig({ PUBLIC_URL: 'https://staging.example.com', DEMO_DATA: 'on' });
    expect(await startDemoData(db, asked)).toEqual({
      seeded: true,
      holds: 'demo',
      line: 'demo data: loaded on an empty database (DEMO_DATA=on)',
    });
    expect(await createRepositories(db).accounts.count()).toBe(Object.keys(demoAccounts).length);
    const later = await startDemoData(db, loadConfig({}));
    expect(later).toEqual({
      seeded: false,
      holds: 'demo',
      line: 'demo data: not loaded (the database is not empty)',
    });
    expect(loginHint(later.holds, 'DATA_DIR=x npm run --silent cli --', ' (same settings)')).toBe(
      `Get a login link: DATA_DIR=x npm run --silent cli -- login-url ${demoAccounts.olivia.email} --team "${demoTeams.acme.name}" (same settings)`,
    );
  });

  it('DEMO_DATA=off never loads it, even on loopback; a database of other accounts is left alone', async () => {
    const db = await emptyDb();
    expect(await startDemoData(db, loadConfig({ DEMO_DATA: 'off' }))).toEqual({
      seeded: false,
      holds: 'nothing',
      line: 'demo data: not loaded (DEMO_DATA=off)',
    });
    expect(await seedIfWanted(db, loadConfig({ DEMO_DATA: 'off' }))).toBe(false);
    await createRepositories(db).accounts.create({ email: 'ops@example.com', fullName: 'Ops' });
    const started = await startDemoData(db, loadConfig({}));
    expect(started).toMatchObject({ seeded: false, holds: 'accounts' });
    expect(await createRepositories(db).accounts.count()).toBe(1);
    expect(loginHint(started.holds, 'cli', '')).toBe('Get a login link: cli login-url <email>');
  });

  it('seed --reset is refused without --force where the address is not loopback', () => {
    expect(wipeRefusal(loadConfig({}))).toBeNull();
    expect(wipeRefusal(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' }))).toBeNull();
    // DEMO_DATA=on does not make a public database safe to wipe.
    expect(wipeRefusal(loadConfig({ PUBLIC_URL: 'https://teams.example.com', DEMO_DATA: 'on' }))).toBe(
      'Refusing to wipe the database: PUBLIC_URL https://teams.example.com is not loopback, so it may hold real accounts. Nothing was changed; add --force to wipe it and load the demo data.',
    );
    expect(wipeRefusal(loadConfig({ HOST: '0.0.0.0' }))).toMatch(
      /^Refusing to wipe the database: PUBLIC_URL is unset and HOST 0\.0\.0\.0 is not loopback/,
    );
  });
});
