import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lockMembership } from '../auth/require-membership';
import { requireSelf } from '../auth/require-permission';
import type { ImageUpload } from '../avatars/image-upload';
import { imageUploadBody, imageUploadConfig } from '../avatars/image-upload';
import { swapImage } from '../avatars/swap-image';
import { toTeamUser } from '../db/repositories/team-users.repository';
import { eventPerson, TeamEventType } from '../events/team-event';
import { idOrMeParam, teamUserParam } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { teamUser } from './collab-schemas';
import { reloadTeamUser } from './team-reload';

const params = z.strictObject({ teamUser: teamUserParam, id: idOrMeParam });

/** Own avatar in a team: POST (multipart `file`) and DELETE /api/v1/collab/{tid}-{uid}/users/{id or me}/avatar. */
export const teamUserAvatarRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function setAvatar(request: FastifyRequest, image: ImageUpload | null) {
    const { team, teamUser: actor } = request.membership;
    await swapImage({ db: app.db, storage: app.storage, log: request.log }, image, async (repos, key) => {
      await lockMembership(repos, request.membership);
      const previous = await repos.teamUsers.replaceAvatar(team.id, actor.id, key);
      if (key !== null || previous !== null) {
        await repos.events.record({
          teamId: team.id,
          type: TeamEventType.userProfileChanged,
          data: { actor: eventPerson(actor), changes: ['avatar'] },
          at: app.clock.now(),
          accountIds: [actor.accountId],
        });
      }
      return previous;
    });
    return toTeamUser(await reloadTeamUser(app.repos, team.id, actor.id));
  }

  app.post(
    '/api/v1/collab/:teamUser/users/:id/avatar',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, app.requireTarget, requireSelf],
      config: imageUploadConfig,
      schema: { params, body: imageUploadBody, response: { 200: teamUser } },
    },
    (request) => setAvatar(request, request.body.file),
  );

  app.delete(
    '/api/v1/collab/:teamUser/users/:id/avatar',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, app.requireTarget, requireSelf],
      schema: { params, response: { 200: teamUser } },
    },
    (request) => setAvatar(request, null),
  );
};
