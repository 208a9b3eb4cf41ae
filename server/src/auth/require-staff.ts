import type { FastifyRequest } from 'fastify';
import type { AccountsRepository } from '../db/repositories/accounts.repository';
import { PermissionDeniedError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler for the internal calls (public-file upload, the global event stream). */
    requireStaff: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Pre-handler after authenticate: the caller's account must be staff (accounts.is_staff), else 403
 * 1700. Read on every call, so revoking the flag takes effect at once.
 */
export function createRequireStaff(accounts: AccountsRepository) {
  return async function requireStaff(request: FastifyRequest): Promise<void> {
    const account = await accounts.findById(request.accountId);
    if (!account?.isStaff) throw new PermissionDeniedError();
  };
}
