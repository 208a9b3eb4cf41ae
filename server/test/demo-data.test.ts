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
