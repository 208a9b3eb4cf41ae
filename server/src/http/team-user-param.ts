import { z } from 'zod';
import type { TeamUserRef } from '../../../src/domain/error-codes';

// Ids are Postgres `integer` (serial): anything larger could never match and would make the cast fail.
const MAX_ID = 2_147_483_647;

/** Reads '{teamId}-{userId}' as in /teams/12-34; null when it is not two positive integer ids. */
export function parseTeamUserRef(value: string): TeamUserRef | null {
  const match = /^([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(value);
  if (!match) return null;
  const teamId = Number(match[1]);
  const userId = Number(match[2]);
  return teamId <= MAX_ID && userId <= MAX_ID ? { teamId, userId } : null;
}

/** The `:teamUser` path parameter, parsed into ids; a malformed one is a validation error (400, code 10). */
export const teamUserParam = z.string().transform((value, ctx): TeamUserRef => {
  const ref = parseTeamUserRef(value);
  if (!ref) {
    ctx.addIssue({ code: 'custom', message: 'is invalid' });
    return z.NEVER;
  }
  return ref;
});
