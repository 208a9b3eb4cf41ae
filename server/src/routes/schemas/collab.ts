import { z } from 'zod';
import { hasNoInvisibleFormatting } from '../../http/invisible-formatting';

// Response shapes of the collab routes (spec section 3): serializing through them drops any column a
// record carries beyond the API (for example a team user's account link).

export const teamSettings = z.object({
  adminsCanAssignAdmins: z.boolean(),
  adminsCanDeactivate: z.boolean(),
  adminsCanDelete: z.boolean(),
});

export const team = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  plan: z.enum(['basic', 'plus', 'premium', 'pro']),
  usersCnt: z.number(),
  domain: z.string().nullable(),
  domainSignupsEnabled: z.boolean(),
  trialStatus: z.literal('in_progress').nullable(),
  trialEndAt: z.number().nullable(),
  subscriptionCancelAt: z.number().nullable(),
  paymentProvider: z.enum(['stripe', 'paddle']).nullable(),
  settings: teamSettings,
});

export const teamUser = z.object({
  id: z.number(),
  teamId: z.number(),
  email: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['owner', 'admin', 'member']),
  status: z.string(),
  teamStatus: z.enum(['active', 'pending', 'deleted']),
  isBanned: z.boolean(),
  inviterId: z.number().nullable(),
});

export const membership = z.object({ team, profile: teamUser });

/** A banned, pending or removed person's membership: the team's id and name, and their own row. */
export const limitedMembership = z.object({ team: team.pick({ id: true, name: true }), profile: teamUser });
export type LimitedMembership = z.infer<typeof limitedMembership>;

/**
 * Names people type (team name, full name): trimmed, not empty, one line, and without bidi controls
 * or zero-width characters (field error 'is invalid').
 */
export function displayText(maxLength: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(maxLength)
    .regex(/^[^\p{Cc}]*$/u)
    .refine(hasNoInvisibleFormatting, { message: 'is invalid' });
}
