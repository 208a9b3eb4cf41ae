import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodType } from 'zod';
import { lockMembership, type Membership } from '../../auth/require-membership';
import { type ImageUpload, imageUploadBody, imageUploadConfig } from '../../avatars/image-upload';
import { swapImage } from '../../avatars/swap-image';
import type { Repositories } from '../../db/repositories';
import { eventPerson } from '../../events/team-event';
import type { ZodTypeProvider } from '../../http/zod-validation';

/** Avatar and logo uploads one account may make per hour (each image is processed and stored). */
export const IMAGE_UPLOADS_PER_HOUR = 60;

const imageUploadLimit = {
  name: 'image-uploads',
  hook: 'preHandler',
  max: IMAGE_UPLOADS_PER_HOUR,
  timeWindow: 60 * 60 * 1000,
  keyGenerator: (request: FastifyRequest) => String(request.accountId),
} as const;

export interface ImageRoutesOptions {
  /** The path of both calls, e.g. /api/v1/collab/teams/:teamUser/avatar. */
  url: string;
  params: ZodType;
  /** Who may change the image; run after authenticate. */
  preHandler: preHandlerAsyncHookHandler[];
  /** The entity the calls answer with. */
  response: ZodType;
  /** Points the row at the new storage key (null: no image) and returns the key it replaced. */
  replace: (repos: Repositories, membership: Membership, key: string | null) => Promise<string | null>;
  /** The event of an actual change (none when there was no image to remove). */
  event: (
    membership: Membership,
    removed: boolean,
  ) => { type: string; data: object; accountIds?: readonly (number | null)[] };
  /** The answer, read after the commit. */
  reload: (membership: Membership) => Promise<unknown>;
}

/**
 * POST (multipart `file`, checked by content, 2 MiB) and DELETE of one image: the team logo or a
 * member's own avatar. The file is stored first, the row points at it under the team's lock with its
 * event, and the replaced file is deleted after the commit (swapImage).
 */
export function registerImageRoutes(app: FastifyInstance, options: ImageRoutesOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  async function setImage(request: FastifyRequest, image: ImageUpload | null) {
    await swapImage({ db: app.db, storage: app.storage, log: request.log }, image, async (repos, key) => {
      const membership = await lockMembership(repos, request.membership);
      const previous = await options.replace(repos, membership, key);
      if (key !== null || previous !== null) {
        const { type, data, accountIds } = options.event(membership, key === null);
        await repos.events.record({
          teamId: membership.team.id,
          type,
          data: { actor: eventPerson(membership.teamUser), ...data },
          at: app.clock.now(),
          accountIds,
        });
      }
      return previous;
    });
    return options.reload(request.membership);
  }

  const route = { onRequest: [app.authenticate], preHandler: options.preHandler };
  typed.post(
    options.url,
    {
      ...route,
      config: { ...imageUploadConfig, rateLimit: imageUploadLimit },
      schema: { params: options.params, body: imageUploadBody, response: { 200: options.response } },
    },
    (request) => setImage(request, request.body.file),
  );
  typed.delete(
    options.url,
    { ...route, schema: { params: options.params, response: { 200: options.response } } },
    (request) => setImage(request, null),
  );
}
