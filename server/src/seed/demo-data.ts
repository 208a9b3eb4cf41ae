import type { Db, Queryable } from '../db/db';
import { createRepositories } from '../db/repositories';
import { wipeData } from '../db/wipe';
import { newInvitationKey } from '../invitations/invitation-key';
import { INVITATION_TTL_MS } from '../invitations/invitation-policy';

// The demo world. Later work extends it and never renames it; tests import these constants
// instead of repeating addresses and names.

export const demoAccounts = {
  olivia: { email: 'olivia@acme.test', fullName: 'Olivia Owens' },
  adam: { email: 'adam@acme.test', fullName: 'Adam Admin' },
  mia: { email: 'mia@acme.test', fullName: 'Mia Member' },
  ben: { email: 'ben@acme.test', fullName: 'Ben Banned' },
  bella: { email: 'bella@bakery.test', fullName: 'Bella Baker' },
  tara: { email: 'tara@trial.test', fullName: 'Tara Trial' },
  solo: { email: 'solo@example.test', fullName: 'Sam Solo' },
  /** Staff (accounts.is_staff): reaches the internal pages, /public-files/upload and /debug-es. */
  staff: { email: 'staff@spark.test', fullName: 'Sid Staff' },
} as const;

/** Invited to Acme Inc by Adam; has no account yet. */
export const demoInvitee = { email: 'paula@acme.test', fullName: '' } as const;

export const demoTeams = {
  acme: { name: 'Acme Inc', plan: 'premium', domain: 'acme.test' },
  bakery: { name: 'Basic Bakery', plan: 'basic' },
  trial: { name: 'Trial Tech', plan: 'premium' },
} as const;

/**
 * The team that pays through Paddle: made with its billing by the Paddle demo (demo-paddle.ts), only
 * while the Paddle sandbox stands in for Paddle; Olivia is its member.
 */
export const demoPaddleTeam = {
  name: 'Paddle Press',
  owner: { email: 'pat@press.test', fullName: 'Pat Press' },
  planId: 'plus_30',
  card: { number: '4242424242424242', expiry: '12/30', cvc: '123' },
  /** The second paid transaction, beside the subscription's first. */
  extra: { description: 'Onboarding session', amount: 4900 },
} as const;

export const DEMO_TRIAL_DAYS = 10;

/** Personal plans: Olivia's premium was bought through the app store; Sam Solo is free. */
export const demoPersonalPlans = {
  olivia: { appStore: 'apple', appStorePeriod: 'year' },
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Inserts the demo world into an empty database (no wiping: see resetDemoData). */
export async function loadDemoData(tx: Queryable, now: Date = new Date()): Promise<void> {
  const repos = createRepositories(tx);
  const account = async (person: { email: string; fullName: string }) =>
    (await repos.accounts.create(person)).id;
  const ids = {
    olivia: await account(demoAccounts.olivia),
    adam: await account(demoAccounts.adam),
    mia: await account(demoAccounts.mia),
    ben: await account(demoAccounts.ben),
    bella: await account(demoAccounts.bella),
    tara: await account(demoAccounts.tara),
  };
  await account(demoAccounts.solo);
  await repos.accounts.create({ ...demoAccounts.staff, isStaff: true });
  await repos.personalBilling.save(ids.olivia, { ...demoPersonalPlans.olivia });

  const member = (
    teamId: number,
    who: keyof typeof ids,
    role: 'owner' | 'admin' | 'member',
    isBanned = false,
  ) => repos.teamUsers.create({ teamId, accountId: ids[who], ...demoAccounts[who], role, isBanned });

  const acme = await repos.teams.create({
    ...demoTeams.acme,
    domainSignupsEnabled: true,
    settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: false },
  });
  await member(acme.id, 'olivia', 'owner');
  const adam = await member(acme.id, 'adam', 'admin');
  await member(acme.id, 'mia', 'member');
  await member(acme.id, 'ben', 'member', true);
  const paula = await repos.teamUsers.create({
    teamId: acme.id,
    accountId: null,
    ...demoInvitee,
    role: 'member',
    teamStatus: 'pending',
    inviterId: adam.id,
  });
  // Sent a day ago, so it can be resent at once (the throttle allows one mail per hour). Nobody knows
  // its key: a resend mails a fresh one to the outbox.
  const sentAt = new Date(now.getTime() - DAY_MS);
  await repos.invitations.start({
    teamUserId: paula.id,
    keyHash: newInvitationKey().hash,
    now: sentAt,
    expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_MS),
    mailDue: false,
  });

  const bakery = await repos.teams.create({ ...demoTeams.bakery });
  await member(bakery.id, 'bella', 'owner');
  await member(bakery.id, 'olivia', 'member');

  const trial = await repos.teams.create({
    ...demoTeams.trial,
    trialStatus: 'in_progress',
    trialEndAt: new Date(now.getTime() + DEMO_TRIAL_DAYS * DAY_MS),
  });
  await member(trial.id, 'tara', 'owner');
  await member(trial.id, 'olivia', 'member');
}

// Held while deciding whether to seed, so a server and the CLI starting together seed only once.
const SEED_LOCK_KEY = 7_305_202_612;

/** Loads the demo data when the database has no accounts yet (first start). Returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
    const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    if ((row?.n ?? 0) > 0) return false;
    await loadDemoData(tx);
    return true;
  });
}

/** `seed --reset`: every table emptied (ids restart at 1), then the demo data. */
export async function resetDemoData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
    await wipeData(tx);
    await loadDemoData(tx);
  });
}
