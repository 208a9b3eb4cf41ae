import { parseTeamUserRef } from '@domain/team-user-ref';
import { z } from 'zod';

// Ids are Postgres `integer` (serial): a larger one can never match, and would make the cast fail.
export const MAX_ID = 2_147_483_647;

/**
 * The `:teamUser` path parameter '{teamId}-{userId}', parsed by the console's own rule into ids.
 * A malformed one is a validation error (400, errorCode 10) on the field 'teamUser'.
 */
export const teamUserParam = z.string().transform((value, ctx) => {
  const ref = parseTeamUserRef(value);
  if (!ref || ref.teamId > MAX_ID || ref.userId > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: 'is invalid' });
    return z.NEVER;
  }
  return ref;
});

/** A team's or team user's numeric id in a path (`/teams/{tid}/leave`, `/users/{id}`). */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ID, { message: 'is invalid' });

/** `/users/{id}` where the caller may also say 'me'. */
export const idOrMeParam = z.union([z.literal('me'), idParam]);

/** The params of every /{tid}-{uid} route. */
export const teamUserParams = z.strictObject({ teamUser: teamUserParam });

/** The params of /{tid}-{uid}/users/{id or me} routes. */
export const userInTeamParams = z.strictObject({ teamUser: teamUserParam, id: idOrMeParam });
