import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ItemNotFoundError } from '../errors';
import { createKeyGuessLimit } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';
import { acceptInvitation } from '../invitations/accept-invitation';
import { isInvitationKeyFormat } from '../invitations/invitation-key';

const invitationResult = z.object({ teamName: z.string(), email: z.string(), isNewAccount: z.boolean() });

/**
 * POST /api/v1/teams/join/{key} (no auth: the key from the invitation mail is the credential). A key
 * that is not even of the right form is refused here, before the database, as any bad key is: 404 2200.
 */
export const teamJoinRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Keys are unguessable (32 random bytes), but guessing is refused early all the same.
  const misses = createKeyGuessLimit(app, 'join-key-misses');

  app.post(
    '/api/v1/teams/join/:key',
    {
      schema: { params: z.object({ key: z.string() }), response: { 200: invitationResult } },
      preHandler: (request, reply) => misses.check(request, reply),
    },
    async (request) => {
      const { teamId, ...result } = await misses.counting(
        request,
        (error) => error instanceof ItemNotFoundError,
        async () => {
          if (!isInvitationKeyFormat(request.params.key)) throw new ItemNotFoundError();
          return acceptInvitation(app.db, app.clock, request.params.key);
        },
      );
      // After the commit: the subscription's quantity follows the new seat (failures are logged only).
      await app.billing.sync.seatsMayHaveChanged(teamId);
      return result;
    },
  );
};
