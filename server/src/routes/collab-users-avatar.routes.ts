import type { FastifyPluginAsync } from 'fastify';
import { requireSelf } from '../auth/require-permission';
import { toTeamUser } from '../db/repositories/team-users.repository';
import { TeamEventType } from '../events/team-event';
import { userInTeamParams } from '../http/team-user-param';
import { teamUser } from './schemas/collab';
import { registerImageRoutes } from './support/image-routes';
import { reloadTeamUser } from './support/team-reload';

/** Own avatar in a team: POST (multipart `file`) and DELETE /api/v1/collab/{tid}-{uid}/users/{id or me}/avatar. */
export const teamUserAvatarRoutes: FastifyPluginAsync = async (app) => {
  registerImageRoutes(app, {
    url: '/api/v1/collab/:teamUser/users/:id/avatar',
    params: userInTeamParams,
    preHandler: [app.requireMembership, app.requireTarget, requireSelf],
    response: teamUser,
    replace: (repos, { team, teamUser }, key) => repos.teamUsers.replaceAvatar(team.id, teamUser.id, key),
    event: ({ teamUser }) => ({
      type: TeamEventType.userProfileChanged,
      data: { changes: ['avatar'] },
      accountIds: [teamUser.accountId],
    }),
    reload: async ({ team, teamUser }) => toTeamUser(await reloadTeamUser(app.repos, team.id, teamUser.id)),
  });
};
