import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/** Mail through an SMTP server: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://... (TLS). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
