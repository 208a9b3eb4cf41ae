import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { type Clock, systemClock } from '../clock';
import type { Mailer } from './mailer';

/** '2026-05-22T00-16-09-123Z': sorts by time as text and is a valid file name everywhere. */
function fileTimestamp(date: Date): string {
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

/**
 * The default when no SMTP server is configured: every mail becomes one RFC 822 file
 * `<timestamp>-<id>.eml` in the outbox folder (read it with `npm run --silent cli -- outbox`, or open
 * the file in any mail program). nodemailer composes the message exactly as it would for SMTP.
 */
export function createOutboxMailer(dir: string, from: string, clock: Clock = systemClock): Mailer {
  // Imported with the first mail, as in smtp-mailer.ts: no module cost for a server that sends none.
  let compose: Promise<Transporter> | null = null;
  return {
    async send(message) {
      const date = clock.now();
      compose ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true }),
      );
      const info = await (await compose).sendMail({ from, date, ...message });
      await mkdir(dir, { recursive: true });
      const name = `${fileTimestamp(date)}-${randomBytes(6).toString('hex')}.eml`;
      // Written aside and renamed: the CLI never lists half a message.
      const temp = path.join(dir, `.${name}.tmp`);
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, path.join(dir, name));
    },
  };
}
