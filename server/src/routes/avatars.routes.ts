import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { imageUser } from '../avatars/image-references';
import { ItemNotFoundError } from '../errors';
import type { ZodTypeProvider } from '../http/zod-validation';

/**
 * GET /api/v1/avatars/{avatar}: stored avatars and logos, no auth (they appear in <img> tags). A key
 * never changes its content, so browsers may keep it forever; the stored type is sent with nosniff
 * and a locked-down CSP so an uploaded file can only ever be shown as an image.
 */
export const avatarsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/avatars/:avatar',
    { schema: { params: z.strictObject({ avatar: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await app.storage.get(request.params.avatar);
      if (!file) {
        // Still shown somewhere, yet gone from storage: lost bytes the operator should hear of.
        const usedBy = await imageUser(app.db, request.params.avatar);
        if (usedBy)
          request.log.warn(
            { avatar: request.params.avatar, usedBy },
            'image missing from storage: its row refers to it but the bytes are gone',
          );
        throw new ItemNotFoundError();
      }
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .type(file.contentType)
        .send(file.bytes);
    },
  );
};
