import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer';

/** Mail through an SMTP server: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://... (TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is imported with the first mail, not at start: about 15 MB resident for a module a
  // server may not need for hours (docs/decisions/023-memory-at-rest.md). createTransport connects
  // nothing, so making it later changes no behaviour.
  let transport: Promise<Transporter> | null = null;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from, ...message });
    },
  };
}
