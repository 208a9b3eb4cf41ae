import { randomBytes } from 'node:crypto';
import type { TeamMembership } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, setupTestApp, signIn, withBearer } from './helper';
import { call, createPerson, createSignedInTeam, type Person, refOf, setupAcmeCast } from './team-fixtures';

// Issue 20, finding 6: API answers are not cached, names cannot hide their text behind bidi controls
// or zero-width characters, and a banned, pending or removed person learns nothing of the team.
const t = setupTestApp();
const demo = setupAcmeCast(t, 'olivia');

describe('Cache-Control on API answers', () => {
  it('every /api answer with personal or billing data says no-store, errors included', async () => {
    const ref = refOf(demo.oliviaAcme);
    const answers = [
      await call(t, demo.olivia, 'GET', '/api/v2/profile'),
      await call(t, demo.olivia, 'GET', '/api/v1/collab/teams'),
      await call(t, demo.olivia, 'GET', `/api/v1/collab/teams/${ref}`),
      await call(t, demo.olivia, 'GET', `/api/v1/collab/${ref}/users`),
      await call(t, demo.olivia, 'GET', `/api/v1/collab/${ref}/billing`),
      await call(t, demo.olivia, 'GET', `/api/v3/collab/${ref}/events`),
      await call(t, demo.olivia, 'POST', `/api/v1/collab/teams/${ref}/invite`, [
        { email: 'nostore@acme.test' },
      ]),
      await t.app.inject({ url: '/api/v2/profile' }),
      await t.app.inject({ url: '/api/v1/no-such-thing' }),
      await call(t, demo.olivia, 'PUT', `/api/v1/collab/teams/${ref}`, { name: '' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 401, 404, 400,
    ]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('the API reference, the same for everyone, may still be cached', async () => {
    const reference = await t.app.inject({ url: '/api/openapi.json' });
    expect(reference.statusCode).toBe(200);
    expect(reference.headers['cache-control']).toBeUndefined();
  });
});

describe('names refuse bidi controls and zero-width characters', () => {
  const tricks = [
    'Bakery\u202Egnp.exe',
    'Ac\u200Bme',
    'A\u2066B\u2069',
    'Zero\u200Djoin',
    'No\uFEFFBreak',
    // The bidi marks (LRM, RLM, ALM) and the line and paragraph separators.
    'Left\u200Emark',
    'Right\u200Fmark',
    'Arabic\u061Cmark',
    'Two\u2028lines',
    'Two\u2029paragraphs',
  ];

  it.each(tricks)('team and member names: %j answers 400 with the field error', async (name) => {
    const { world, owner } = await createSignedInTeam(t);
    const team = await call(t, owner, 'PUT', `/api/v1/collab/teams/${refOf(world.owner)}`, { name });
    expect(errorOf(team)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'name', message: 'is invalid' }],
    });
    const member = await call(
      t,
      owner,
      'PUT',
      `/api/v1/collab/${refOf(world.owner)}/users/${world.owner.id}`,
      {
        fullName: name,
      },
    );
    expect(errorOf(member)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'fullName', message: 'is invalid' }],
    });
    expect((await t.repos.teams.findById(world.team.id))?.name).toBe(world.team.name);
  });

  it('public file names and senders: answer 400 with the field error, store nothing', async () => {
    const token = (await signIn(t, demoAccounts.staff.email)).accessToken;
    const upload = (info: object, filename = 'report.pdf') => {
      const boundary = `----spark${randomBytes(8).toString('hex')}`;
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n${JSON.stringify(info)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.7 tiny\r\n--${boundary}--\r\n`,
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/files?s=${'A'.repeat(43)}=`,
        headers: { ...withBearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    expect(errorOf(await upload({ name: 'Bakery\u202Egnp.exe' })).data).toEqual([
      { field: 'info.name', message: 'is invalid' },
    ]);
    expect(errorOf(await upload({}, 'Bakery\u202Egnp.exe')).data).toEqual([
      { field: 'info.name', message: 'is invalid' },
    ]);
    expect(errorOf(await upload({ meta: { from: 'Sid\u200B Staff' } })).data).toEqual([
      { field: 'info.meta.from', message: 'is invalid' },
    ]);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM public_files');
    expect(rows[0]?.n).toBe(0);
  });
});

describe('GET /api/v1/collab/teams by membership state', () => {
  const teamOf = async (who: Person, teamId: number) =>
    (await call(t, who, 'GET', '/api/v1/collab/teams'))
      .json<{ items: TeamMembership[] }>()
      .items.find((item) => item.team.id === teamId);

  it('an active member sees the team; banned, pending and removed people its id and name only', async () => {
    const { world, owner, member } = await createSignedInTeam(t);
    const active = await teamOf(member, world.team.id);
    expect(active?.team).toMatchObject({
      plan: 'plus',
      settings: expect.any(Object),
      subscriptionCancelAt: null,
    });

    const teamRef = refOf(world.owner);
    await call(t, owner, 'POST', `/api/v1/collab/${teamRef}/users/${world.member.id}/ban`);
    const banned = await teamOf(member, world.team.id);
    expect(banned).toEqual({
      team: { id: world.team.id, name: world.team.name },
      profile: expect.objectContaining({ id: world.member.id, isBanned: true, teamStatus: 'active' }),
    });

    await call(t, owner, 'POST', `/api/v1/collab/${teamRef}/users/${world.member.id}/kick`);
    const removed = await teamOf(member, world.team.id);
    expect(removed?.team).toEqual({ id: world.team.id, name: world.team.name });
    expect(removed?.profile.teamStatus).toBe('deleted');

    const invitee = await createPerson(t, 'I');
    await call(t, owner, 'POST', `/api/v1/collab/teams/${teamRef}/invite`, [
      { email: invitee.account.email },
    ]);
    const pending = await teamOf(invitee, world.team.id);
    expect(pending?.team).toEqual({ id: world.team.id, name: world.team.name });
    expect(pending?.profile.teamStatus).toBe('pending');
  });
});
