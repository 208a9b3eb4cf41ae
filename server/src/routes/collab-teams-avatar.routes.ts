import type { FastifyPluginAsync } from 'fastify';
import { requirePermission } from '../auth/require-permission';
import { TeamEventType } from '../events/team-event';
import { teamUserParams } from '../http/team-user-param';
import { team } from './schemas/collab';
import { registerImageRoutes } from './support/image-routes';
import { reloadTeam } from './support/team-reload';

/** The team logo: POST (multipart `file`) and DELETE /api/v1/collab/teams/{tid}-{uid}/avatar, owner only. */
export const teamLogoRoutes: FastifyPluginAsync = async (app) => {
  registerImageRoutes(app, {
    url: '/api/v1/collab/teams/:teamUser/avatar',
    params: teamUserParams,
    preHandler: [app.requireMembership, requirePermission('editTeam')],
    response: team,
    replace: (repos, { team }, key) => repos.teams.replaceLogo(team.id, key),
    event: (_membership, removed) => ({ type: TeamEventType.teamLogoChanged, data: { removed } }),
    reload: (membership) => reloadTeam(app.repos, membership),
  });
};
