import { describe, expect, it } from 'vitest';
import { errorOf, setupTestApp } from './helper';
import { call, createSignedInTeam, refOf } from './team-fixtures';

const t = setupTestApp();

// docs/decisions/007-no-actions-on-your-own-row.md: an admin whom every 'Admins Can' flag allows to
// act on others still cannot demote, deactivate or remove themselves; they leave instead.
describe('an admin acting on their own row', () => {
  it('is refused with 1700 and nothing changes; leaving still works', async () => {
    const { world, admin } = await createSignedInTeam(t, {
      plan: 'pro',
      settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
    });
    const own = `/api/v1/collab/${refOf(world.admin)}/users/${world.admin.id}`;
    for (const [method, url, body] of [
      ['PUT', `${own}/role`, { role: 'member' }],
      ['POST', `${own}/ban`, undefined],
      ['POST', `${own}/kick`, undefined],
    ] as const) {
      expect(errorOf(await call(t, admin, method, url, body)), url).toMatchObject({
        status: 403,
        code: 1700,
      });
    }
    const row = await t.repos.teamUsers.findInTeam(world.team.id, world.admin.id);
    expect(row).toMatchObject({ role: 'admin', isBanned: false, teamStatus: 'active' });

    // The same admin may still act on the member's row.
    const member = `/api/v1/collab/${refOf(world.admin)}/users/${world.member.id}`;
    expect((await call(t, admin, 'PUT', `${member}/role`, { role: 'admin' })).statusCode).toBe(200);

    const leave = await call(t, admin, 'POST', `/api/v1/collab/teams/${world.team.id}/leave`, {
      email: admin.account.email,
    });
    expect(leave.statusCode).toBeLessThan(300);
  });
});
