import type { TeamUser } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import type { TeamUserRecord } from '../src/db/repositories/team-users.repository';
import {
  INVITATION_MAIL_WINDOW_MS,
  INVITATION_MAILS_PER_TEAM,
} from '../src/invitations/invitation-mail-limits';
import { listOutbox } from '../src/mail/outbox';
import { errorOf, setupTestApp } from './helper';
import { call, createSignedInTeam, type Person, refOf } from './team-fixtures';

// Issue 20 finding 5 (decision 017): invitation mail is limited per address and per team, however
// it is caused, and addresses are read as strictly as the sign-up form reads them.
const t = setupTestApp();

const HOUR_MS = 60 * 60 * 1000;
const teamUrl = (user: TeamUserRecord) => `/api/v1/collab/teams/${refOf(user)}`;
const body = (emails: string[]) => emails.map((email) => ({ email }));
const invite = (who: Person, user: TeamUserRecord, emails: string[], query = '') =>
  call(t, who, 'POST', `${teamUrl(user)}/invite${query}`, body(emails));
const resend = (who: Person, user: TeamUserRecord, emails: string[]) =>
  call(t, who, 'POST', `${teamUrl(user)}/resend-invitation`, body(emails));
const mailCount = async (email: string) =>
  (await listOutbox(t.outboxDir)).filter((entry) => entry.to.toLowerCase() === email.toLowerCase()).length;

/**
 * A retry-after in whole seconds, counted by the server from the oldest mail on the test clock, which
 * runs in real time between advances: the full window less the seconds that passed since `since`
 * (a loaded machine can take more than a second over a few calls).
 */
function expectSecondsLeft(actual: unknown, fullSeconds: number, since: number) {
  const passed = Math.ceil((Date.now() - since) / 1000);
  expect(Number(actual)).toBeGreaterThanOrEqual(fullSeconds - passed);
  expect(Number(actual)).toBeLessThanOrEqual(fullSeconds);
}

/** Cancels a pending invitation (or removes a member), so the address can be invited again. */
async function removeInvitee(who: Person, by: TeamUserRecord, email: string) {
  const row = await t.repos.teamUsers.findByEmailInTeam(by.teamId, email);
  const response = await call(t, who, 'POST', `/api/v1/collab/${refOf(by)}/users/${row?.id}/kick`);
  expect(response.statusCode, response.body).toBe(204);
}

/** Pretends the team mailed `count` invitations a moment ago, to other addresses. */
async function fillTeamAllowance(teamId: number, count: number) {
  await t.db.query(
    `INSERT INTO invitation_mails (team_id, address, sent_at)
     SELECT $1, 'earlier' || n || '@acme.test', $2 FROM generate_series(1, $3) AS n`,
    [teamId, t.clock.now(), count],
  );
}

describe('invitation mail limits', () => {
  it('mails one address at most 3 times a day per team, invite after remove and resend included', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const firstMailAt = Date.now();
    // Three spellings of one address: the limit counts the address mailed, whatever its case.
    for (const spelling of ['Casey@acme.test', 'casey@ACME.test']) {
      expect((await invite(owner, world.owner, [spelling])).statusCode).toBe(200);
      await removeInvitee(owner, world.owner, spelling);
      t.clock.advance(HOUR_MS);
    }
    expect((await invite(owner, world.owner, ['CASEY@acme.test'])).statusCode).toBe(200);
    t.clock.advance(2 * HOUR_MS);
    // The fourth mail, a resend well past the hourly throttle: refused, and nothing changes.
    const refused = await resend(owner, world.owner, ['casey@acme.test']);
    const refusal = errorOf(refused);
    expect(refusal).toEqual({
      status: 429,
      code: 1800,
      data: { retryAfter: expect.any(Number), skipped: [{ email: 'casey@acme.test', reason: 'limited' }] },
    });
    expectSecondsLeft((refusal.data as { retryAfter: number }).retryAfter, 20 * 60 * 60, firstMailAt);
    expect(refused.headers['retry-after']).toBe(String((refusal.data as { retryAfter: number }).retryAfter));
    await removeInvitee(owner, world.owner, 'casey@acme.test');
    const again = await invite(owner, world.owner, ['casey@acme.test']);
    expect(errorOf(again).status).toBe(429);
    expect(await t.repos.teamUsers.findByEmailInTeam(world.team.id, 'casey@acme.test')).toMatchObject({
      teamStatus: 'deleted',
    });
    expect(await mailCount('casey@acme.test')).toBe(3);

    // Another team may still mail the address; this team may once the first mail is a day old.
    const other = await createSignedInTeam(t);
    expect((await invite(other.owner, other.world.owner, ['casey@acme.test'])).statusCode).toBe(200);
    t.clock.advance(INVITATION_MAIL_WINDOW_MS - 4 * HOUR_MS);
    expect((await invite(owner, world.owner, ['casey@acme.test'])).statusCode).toBe(200);
    expect(await mailCount('casey@acme.test')).toBe(5);
  });

  it('a batch partly over the limit mails the rest and says who was not mailed', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const firstMailAt = Date.now();
    for (let round = 0; round < 3; round++) {
      await invite(owner, world.owner, ['often@acme.test']);
      await removeInvitee(owner, world.owner, 'often@acme.test');
    }
    const report = await invite(owner, world.owner, ['often@acme.test', 'first@acme.test'], '?skipped=true');
    expect(report.statusCode, report.body).toBe(200);
    expectSecondsLeft(report.headers['retry-after'], 24 * 60 * 60, firstMailAt);
    const { items, skipped } = report.json<{ items: TeamUser[]; skipped: unknown[] }>();
    expect(items.map((user) => user.email)).toEqual(['first@acme.test']);
    expect(skipped).toEqual([{ email: 'often@acme.test', reason: 'limited' }]);
    expect(await mailCount('often@acme.test')).toBe(3);

    // The plain answer stays the spec's list of new members.
    const plain = await invite(owner, world.owner, ['often@acme.test', 'second@acme.test']);
    expect(plain.json<TeamUser[]>().map((user) => user.email)).toEqual(['second@acme.test']);
  });

  it(`caps a team at ${INVITATION_MAILS_PER_TEAM} invitation mails a day, counted in the database`, async () => {
    const { world, owner } = await createSignedInTeam(t);
    const firstMailAt = Date.now();
    await fillTeamAllowance(world.team.id, INVITATION_MAILS_PER_TEAM - 3);
    // Five calls at once (on two servers, with TEST_TWO_SERVERS=1): exactly three are mailed.
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => invite(owner, world.owner, [`cap${n}@acme.test`])),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 429, 429]);
    const mailed = await Promise.all([1, 2, 3, 4, 5].map((n) => mailCount(`cap${n}@acme.test`)));
    expect(mailed.reduce((sum, n) => sum + n, 0)).toBe(3);
    const refused = answers.find((answer) => answer.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      errorCode: 1800,
      errorMessage: 'Too many attempts. Please try again later',
    });
    expectSecondsLeft(refused?.headers['retry-after'], 24 * 60 * 60, firstMailAt);
  });

  it.each([
    ['a stray angle bracket', '<mia@acme.test'],
    ['a second address after a semicolon', 'x;y@evil.example'],
    ['a display name', 'Mia <mia@acme.test>'],
    ['no top-level domain', 'mia@acme'],
  ])('refuses %s with the field error and mails nobody', async (_label, email) => {
    const { world, owner } = await createSignedInTeam(t);
    const before = await t.repos.teamUsers.listByTeam(world.team.id);
    const response = await invite(owner, world.owner, ['fine@acme.test', email]);
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'email', message: 'is invalid' }],
    });
    expect(await t.repos.teamUsers.listByTeam(world.team.id)).toHaveLength(before.length);
    expect(await mailCount('y@evil.example')).toBe(0);
    expect(await mailCount('fine@acme.test')).toBe(0);
  });

  it('matches duplicates in one call on the address mailed', async () => {
    const { world, owner } = await createSignedInTeam(t);
    const response = await invite(owner, world.owner, [' Dup@Acme.test', 'dup@acme.test ', 'DUP@ACME.TEST']);
    expect(response.json<TeamUser[]>().map((user) => user.email)).toEqual(['Dup@Acme.test']);
    expect(await mailCount('dup@acme.test')).toBe(1);
  });
});
