import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import type { Mailer } from '../mail/mailer';

/** What sending invitations needs from the app. */
export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** Base of the acceptance link (PUBLIC_URL). */
  publicUrl: () => string;
  log: FastifyBaseLogger;
}
