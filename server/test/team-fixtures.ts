import { randomBytes } from 'node:crypto';
import type { Team, TeamPlan, TeamSettings, Tokens } from '@domain/entities';
import { beforeAll } from 'vitest';
import type { Account } from '../src/db/repositories/accounts.repository';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { signIn, type TestApp, withBearer } from './helper';

// Small worlds built straight through the repositories, so a test can have a fresh team per case.

export interface Person {
  account: Account;
  tokens: Tokens;
}

/** A new account (unique address) signed in through the real code exchange. */
export async function createPerson(t: TestApp, name: string): Promise<Person> {
  const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@fixture.test`;
  const account = await t.repos.accounts.create({ email, fullName: name });
  return { account, tokens: await signIn(t, email) };
}

export interface SmallTeam {
  team: Team;
  owner: TeamUserRecord;
  admin: TeamUserRecord;
  member: TeamUserRecord;
}

/** A team with an owner, an admin and a member, each the membership of the given person. */
export async function createSmallTeam(
  t: TestApp,
  people: { owner: Person; admin: Person; member: Person },
  options: { plan?: TeamPlan; settings?: Partial<TeamSettings>; name?: string; domain?: string | null } = {},
): Promise<SmallTeam> {
  const team = await t.repos.teams.create({
    name: options.name ?? `Team ${randomBytes(3).toString('hex')}`,
    plan: options.plan ?? 'plus',
    domain: options.domain ?? null,
    settings: options.settings ?? {},
  });
  const join = (person: Person, role: 'owner' | 'admin' | 'member') =>
    t.repos.teamUsers.create({
      teamId: team.id,
      accountId: person.account.id,
      email: person.account.email,
      fullName: person.account.fullName,
      role,
    });
  return {
    team,
    owner: await join(people.owner, 'owner'),
    admin: await join(people.admin, 'admin'),
    member: await join(people.member, 'member'),
  };
}

/** A new team of three new accounts, signed in: `owner`, `admin` and `member` people, `world` their rows. */
export async function createSignedInTeam(
  t: TestApp,
  options: Parameters<typeof createSmallTeam>[2] = {},
): Promise<{ world: SmallTeam; owner: Person; admin: Person; member: Person }> {
  const [owner, admin, member] = [
    await createPerson(t, 'O'),
    await createPerson(t, 'A'),
    await createPerson(t, 'M'),
  ];
  return { world: await createSmallTeam(t, { owner, admin, member }, options), owner, admin, member };
}

/** Another row in the team (no account): an active member, a banned one, a pending invitee... */
export function addTeamUser(
  t: TestApp,
  teamId: number,
  fields: Partial<Pick<TeamUserRecord, 'role' | 'teamStatus' | 'isBanned' | 'inviterId' | 'fullName'>> & {
    email?: string;
  } = {},
): Promise<TeamUserRecord> {
  return t.repos.teamUsers.create({
    teamId,
    accountId: null,
    email: fields.email ?? `row-${randomBytes(4).toString('hex')}@fixture.test`,
    fullName: fields.fullName ?? 'Row Person',
    role: fields.role ?? 'member',
    teamStatus: fields.teamStatus ?? 'active',
    isBanned: fields.isBanned ?? false,
    inviterId: fields.inviterId ?? null,
  });
}

/** A demo person's membership in a demo team (see seed/demo-data.ts). */
export async function demoMember(t: TestApp, email: string, teamName: string): Promise<TeamUserRecord> {
  const [team] = await t.repos.teams.findByName(teamName);
  const user = team && (await t.repos.teamUsers.findByEmailInTeam(team.id, email));
  if (!user) throw new Error(`no demo member ${email} in ${teamName}`);
  return user;
}

/** A demo account signed in, as a Person. */
export async function demoPerson(t: TestApp, email: string): Promise<Person> {
  const account = await t.repos.accounts.findByEmail(email);
  if (!account) throw new Error(`no demo account ${email}`);
  return { account, tokens: await signIn(t, email) };
}

type DemoName = keyof typeof demoAccounts;

/** Demo people signed in (`olivia`) with their Acme Inc memberships (`oliviaAcme`). */
export type AcmeCast<N extends DemoName> = { [K in N]: Person } & {
  [K in N as `${K}Acme`]: TeamUserRecord;
};

/**
 * Signs in these demo people before the file's first test (after setupTestApp's app is built) and
 * finds their Acme Inc memberships. Returns a holder filled in by then, like setupTestApp.
 */
export function setupAcmeCast<N extends DemoName>(t: TestApp, ...names: N[]): AcmeCast<N> {
  const cast: Record<string, Person | TeamUserRecord> = {};
  beforeAll(async () => {
    for (const name of names) {
      cast[name] = await demoPerson(t, demoAccounts[name].email);
      cast[`${name}Acme`] = await demoMember(t, demoAccounts[name].email, demoTeams.acme.name);
    }
  });
  return cast as AcmeCast<N>;
}

export const refOf = (user: Pick<TeamUserRecord, 'teamId' | 'id'>) => `${user.teamId}-${user.id}`;

/** app.inject with the person's bearer token; `payload` objects and arrays go as JSON. */
export function call(
  t: TestApp,
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...withBearer(who.tokens.accessToken), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
}

/** A multipart/form-data body with one file field, as a browser sends an upload. */
export function multipartFile(
  bytes: Buffer,
  options: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spark${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; ` +
    `filename="${options.filename ?? 'image.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1x1 PNG and a real 1x1 JPEG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
