import type { Clock } from '../clock';
import { type Config, outboxDir } from '../settings/config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, else the local outbox in DATA_DIR. */
export function createMailer(config: Config, clock: Clock): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(outboxDir(config), config.mailFrom, clock);
}
