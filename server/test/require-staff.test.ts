import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequireStaff } from '../src/auth/require-staff';
import { PermissionDeniedError } from '../src/errors';
import { demoAccounts } from '../src/seed/demo-data';
import { accountId, setupTestApp } from './helper';

const t = setupTestApp();

const requestOf = (id: number) => ({ accountId: id }) as FastifyRequest;

describe('requireStaff', () => {
  it('lets staff through and refuses everyone else with 1700', async () => {
    const requireStaff = createRequireStaff(t.repos.accounts);
    await expect(
      requireStaff(requestOf(await accountId(t, demoAccounts.staff.email))),
    ).resolves.toBeUndefined();
    for (const person of [demoAccounts.olivia, demoAccounts.solo]) {
      await expect(requireStaff(requestOf(await accountId(t, person.email)))).rejects.toBeInstanceOf(
        PermissionDeniedError,
      );
    }
  });

  it('reads the flag on every call, so taking it away works at once', async () => {
    const requireStaff = createRequireStaff(t.repos.accounts);
    const id = await accountId(t, demoAccounts.staff.email);
    await t.db.query('UPDATE accounts SET is_staff = false WHERE id = $1', [id]);
    await expect(requireStaff(requestOf(id))).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('refuses an account that no longer exists', async () => {
    await expect(createRequireStaff(t.repos.accounts)(requestOf(987_654))).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });
});
