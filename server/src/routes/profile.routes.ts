import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { TokenInvalidError } from '../errors';
import type { ZodTypeProvider } from '../http/zod-validation';

const profileResponse = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  /** The console offers the internal pages to staff only; the server checks again on each call. */
  isStaff: z.boolean(),
});

/** The signed-in account (spec section 7: GET /api/v2/profile). */
export const profileRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v2/profile',
    { onRequest: [app.authenticate], schema: { response: { 200: profileResponse } } },
    async (request) => {
      const account = await app.repos.accounts.findById(request.accountId);
      // authenticate checked the account a moment ago; it can only vanish in a race with deletion.
      if (!account) throw new TokenInvalidError();
      return account;
    },
  );
};
