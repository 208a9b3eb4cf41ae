import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { TeamMembership } from '../../../src/domain/entities';
import { toTeamUser } from '../db/repositories/team-users.repository';
import { teamUserParam } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

const team = z.object({
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
  settings: z.object({
    adminsCanAssignAdmins: z.boolean(),
    adminsCanDeactivate: z.boolean(),
    adminsCanDelete: z.boolean(),
  }),
});

const teamUser = z.object({
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

const membership = z.object({ team, profile: teamUser });

/** Teams of the caller, under /api/v1/collab (spec section 7, 'Teams and users'). */
export const collabTeamsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Every membership whose team still exists, whatever its status: the console decides what to show.
  app.get(
    '/api/v1/collab/teams',
    {
      onRequest: [app.authenticate],
      schema: { response: { 200: z.object({ items: z.array(membership) }) } },
    },
    async (request) => {
      const teamUsers = await app.repos.teamUsers.listByAccount(request.accountId);
      const teams = new Map(
        (await app.repos.teams.findByIds(teamUsers.map((u) => u.teamId))).map((t) => [t.id, t]),
      );
      const items: TeamMembership[] = [];
      for (const record of teamUsers) {
        const found = teams.get(record.teamId);
        if (found) items.push({ team: found, profile: toTeamUser(record) });
      }
      items.sort((a, b) => a.team.name.localeCompare(b.team.name) || a.team.id - b.team.id);
      return { items };
    },
  );

  app.get(
    '/api/v1/collab/teams/:teamUser',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership],
      schema: { params: z.strictObject({ teamUser: teamUserParam }), response: { 200: membership } },
    },
    async (request) => ({ team: request.membership.team, profile: toTeamUser(request.membership.teamUser) }),
  );
};
