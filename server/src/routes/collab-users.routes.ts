import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lockMembership } from '../auth/require-membership';
import { requireSelf } from '../auth/require-permission';
import { createRepositories } from '../db/repositories';
import { type TeamUserRecord, toTeamUser } from '../db/repositories/team-users.repository';
import { eventPerson, TeamEventType } from '../events/team-event';
import { encodePageToken, pageTokenQuery } from '../http/page-token';
import { teamUserParams, userInTeamParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { displayText, teamUser } from './schemas/collab';
import { reloadTeamUser } from './support/team-reload';

/** Members per page of GET /users. */
export const USERS_PAGE_SIZE = 500;

/**
 * The page authenticate read with the caller check, when it is for this membership and this token;
 * else null (the route then reads it itself).
 */
function prefetchedMembersPage(request: FastifyRequest, afterId: number): TeamUserRecord[] | null {
  const read = request.callerInTeam;
  const { team, teamUser } = request.membership;
  if (!read?.membersPage || read.teamId !== team.id || read.userId !== teamUser.id) return null;
  return read.membersPage.afterId === afterId ? read.membersPage.rows : null;
}

/** The member list and profiles: /api/v1/collab/{tid}-{uid}/users[/{id or me}]. */
export const teamUsersRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  // Everyone but removed members, by id; nextPageToken is null on the last page.
  app.get(
    '/api/v1/collab/:teamUser/users',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership],
      // authenticate reads the page in its caller statement: one round trip (decision 027).
      config: { membersPageLimit: USERS_PAGE_SIZE + 1 },
      schema: {
        params: teamUserParams,
        querystring: z.object({ pageToken: pageTokenQuery }),
        response: { 200: z.object({ items: z.array(teamUser), nextPageToken: z.string().nullable() }) },
      },
    },
    async (request) => {
      const teamId = request.membership.team.id;
      const after = request.query.pageToken;
      const rows =
        prefetchedMembersPage(request, after) ??
        (await app.repos.teamUsers.listPage(teamId, after, USERS_PAGE_SIZE + 1));
      const items = rows.slice(0, USERS_PAGE_SIZE);
      const last = items.at(-1);
      return {
        items: items.map(toTeamUser),
        nextPageToken: rows.length > USERS_PAGE_SIZE && last ? encodePageToken(last.id) : null,
      };
    },
  );

  app.get(
    '/api/v1/collab/:teamUser/users/:id',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, app.requireTarget],
      schema: { params: userInTeamParams, response: { 200: teamUser } },
    },
    async (request) => toTeamUser(request.target as NonNullable<typeof request.target>),
  );

  // Own profile only: the name shown in this team.
  app.put(
    '/api/v1/collab/:teamUser/users/:id',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, app.requireTarget, requireSelf],
      schema: {
        params: userInTeamParams,
        body: z.strictObject({ fullName: displayText(200) }),
        response: { 200: teamUser },
      },
    },
    async (request) => {
      const { fullName } = request.body;
      return app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        const { team, teamUser: actor } = await lockMembership(repos, request.membership);
        await repos.teamUsers.updateFullName(team.id, actor.id, fullName);
        if (fullName !== actor.fullName) {
          await repos.events.record({
            teamId: team.id,
            type: TeamEventType.userProfileChanged,
            data: { actor: eventPerson(actor), changes: ['fullName'] },
            at: app.clock.now(),
            accountIds: [actor.accountId],
          });
        }
        return toTeamUser(await reloadTeamUser(repos, team.id, actor.id));
      });
    },
  );
};
