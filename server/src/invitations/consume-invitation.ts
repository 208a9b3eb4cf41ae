import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { createRepositories } from '../db/repositories';
import type { ConsumedInvitation } from '../db/repositories/invitations.repository';
import { hashInvitationKey, isInvitationKeyFormat } from './invitation-key';

/**
 * Uses an invitation key from a link, once: the accept call (POST /api/v1/teams/join/{key}) runs this
 * in the transaction that activates the member. Null when the key is unknown, used, expired or its
 * invitation was cancelled.
 */
export function consumeInvitationKey(
  db: Queryable,
  clock: Clock,
  key: string,
): Promise<ConsumedInvitation | null> {
  if (!isInvitationKeyFormat(key)) return Promise.resolve(null);
  return createRepositories(db).invitations.consume(hashInvitationKey(key), clock.now());
}
