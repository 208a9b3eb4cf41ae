import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lockMembership } from '../auth/require-membership';
import { requirePermission } from '../auth/require-permission';
import type { ImageUpload } from '../avatars/image-upload';
import { imageUploadBody, imageUploadConfig } from '../avatars/image-upload';
import { swapImage } from '../avatars/swap-image';
import { eventPerson, TeamEventType } from '../events/team-event';
import { teamUserParam } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { team } from './collab-schemas';
import { reloadTeam } from './team-reload';

const params = z.strictObject({ teamUser: teamUserParam });

/** The team logo: POST (multipart `file`) and DELETE /api/v1/collab/teams/{tid}-{uid}/avatar, owner only. */
export const teamLogoRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function setLogo(request: FastifyRequest, image: ImageUpload | null) {
    await swapImage({ db: app.db, storage: app.storage, log: request.log }, image, async (repos, key) => {
      const { team: current, teamUser: actor } = await lockMembership(repos, request.membership);
      const previous = await repos.teams.replaceLogo(current.id, key);
      if (key !== null || previous !== null) {
        await repos.events.record({
          teamId: current.id,
          type: TeamEventType.teamLogoChanged,
          data: { actor: eventPerson(actor), removed: key === null },
          at: app.clock.now(),
        });
      }
      return previous;
    });
    return reloadTeam(app.repos, request.membership);
  }

  app.post(
    '/api/v1/collab/teams/:teamUser/avatar',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requirePermission('editTeam')],
      config: imageUploadConfig,
      schema: { params, body: imageUploadBody, response: { 200: team } },
    },
    (request) => setLogo(request, request.body.file),
  );

  app.delete(
    '/api/v1/collab/teams/:teamUser/avatar',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requirePermission('editTeam')],
      schema: { params, response: { 200: team } },
    },
    (request) => setLogo(request, null),
  );
};
