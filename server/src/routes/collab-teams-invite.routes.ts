import { parseInvitationList } from '@domain/invitations';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireInviter } from '../auth/require-permission';
import { toTeamUser } from '../db/repositories/team-users.repository';
import { TooManyRequestsError } from '../errors';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import type { InvitationDeps } from '../invitations/invitation-deps';
import { MAX_INVITATIONS_PER_CALL } from '../invitations/invitation-policy';
import { inviteMembers } from '../invitations/invite-members';
import { resendInvitations } from '../invitations/resend-invitations';
import { teamUser } from './schemas/collab';

/** Invite and resend calls one team user may make per hour, each call up to MAX_INVITATIONS_PER_CALL addresses. */
export const INVITATION_CALLS_PER_HOUR = 30;

// Counted per inviting team user after the membership check (so a stranger cannot spend a member's
// allowance), one counter for invite and resend together: both send mail on the team's behalf.
const invitationCallsLimit = {
  name: 'invitation-calls',
  hook: 'preHandler',
  max: INVITATION_CALLS_PER_HOUR,
  timeWindow: 60 * 60 * 1000,
  keyGenerator: (request: FastifyRequest) => String(request.membership.teamUser.id),
} as const;

/**
 * The body `[{email}]`, checked by the invite form's own rule (spec section 5): blanks dropped, none
 * left is field email 'must not be empty', a bad address is field email 'is invalid', the same
 * address twice counts once. A comma inside one entry would read as two addresses, so it is invalid.
 */
const invitationList = z
  .array(z.strictObject({ email: z.string().max(320) }))
  .max(MAX_INVITATIONS_PER_CALL)
  .transform((entries, ctx) => {
    const emails = entries.map((entry) => entry.email);
    const result = emails.some((email) => email.includes(','))
      ? ({ ok: false, error: { field: 'email', message: 'is invalid' } } as const)
      : parseInvitationList(emails.join(','));
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.error.message, path: [result.error.field] });
      return z.NEVER;
    }
    return result.emails;
  });

const skippedAddress = z.object({ email: z.string(), reason: z.enum(['member', 'invited', 'limited']) });

/** The invite answer with `?skipped=true`: the new members, and the addresses skipped with why. */
const inviteReport = z.object({ items: z.array(teamUser), skipped: z.array(skippedAddress) });

/**
 * The invitation mail limits (decision 017) held some addresses back. Nobody mailed: 429 code 1800
 * naming them in errorData `skipped` (with the other skipped addresses, as the report would). Some
 * mailed: the call succeeds, its answer says who was held back, and Retry-After says when to try.
 */
function answerMailLimits(
  reply: FastifyReply,
  retryAfterSeconds: number | null,
  mailedCount: number,
  skipped: readonly { email: string; reason: string }[],
): void {
  if (retryAfterSeconds === null) return;
  if (mailedCount === 0) throw new TooManyRequestsError(retryAfterSeconds, { skipped });
  void reply.header('retry-after', String(retryAfterSeconds));
}

/** POST /teams/{tid}-{uid}/invite and /resend-invitation (owner and admins). */
export const invitationsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const deps = (request: FastifyRequest): InvitationDeps => ({
    db: app.db,
    mailer: app.mailer,
    clock: app.clock,
    publicUrl: app.publicUrl,
    log: request.log,
  });

  app.post(
    '/api/v1/collab/teams/:teamUser/invite',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requireInviter],
      config: { rateLimit: invitationCallsLimit },
      schema: {
        params: teamUserParams,
        querystring: z.object({ skipped: z.enum(['true', 'false']).optional() }),
        body: invitationList,
        response: { 200: z.union([z.array(teamUser), inviteReport]) },
      },
    },
    async (request, reply) => {
      const outcome = await inviteMembers(deps(request), request.membership, request.body);
      const { invited, skipped } = outcome;
      answerMailLimits(reply, outcome.retryAfterSeconds, invited.length, skipped);
      const items = invited.map(toTeamUser);
      // The plain answer stays the list of new members; `?skipped=true` asks for the report as well.
      return request.query.skipped === 'true' ? { items, skipped } : items;
    },
  );

  app.post(
    '/api/v1/collab/teams/:teamUser/resend-invitation',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requireInviter],
      config: { rateLimit: invitationCallsLimit },
      schema: {
        params: teamUserParams,
        body: invitationList,
        // `limited` only when the mail limits held some back (decision 017).
        response: { 200: z.object({ resent: z.array(z.string()), limited: z.array(z.string()).optional() }) },
      },
    },
    async (request, reply) => {
      const { resent, limited, retryAfterSeconds } = await resendInvitations(
        deps(request),
        request.membership,
        request.body,
      );
      const skipped = limited.map((email) => ({ email, reason: 'limited' }));
      answerMailLimits(reply, retryAfterSeconds, resent.length, skipped);
      return limited.length > 0 ? { resent, limited } : { resent };
    },
  );
};
