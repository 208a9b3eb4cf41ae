import { createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from '../../mail/mailer';

/** A mailed sign-in link works this long, once. */
export const SIGN_IN_LINK_TTL_MS = 60 * 60 * 1000;

/** sha256, hex: what the database keeps of link keys and OAuth states. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** 32 random bytes, base64url: the key in the mailed link. */
export function newLinkKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: sha256(key) };
}

/** Where the mailed link lands: the server signs the person in and sends the browser on. */
export function signInLinkUrl(publicUrl: string, key: string): string {
  const url = new URL(
    'api/v1/auth/web/login/email/callback',
    publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`,
  );
  url.searchParams.set('key', key);
  return url.toString();
}

export function signInLinkMail(input: { to: string; link: string; expiresAt: Date }): MailMessage {
  return {
    to: input.to,
    subject: 'Confirm your email for Spark for Teams',
    text: [
      'Hello,',
      '',
      'Confirm your email to continue with Spark for Teams:',
      input.link,
      '',
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      'If you did not ask for it, you can ignore this mail.',
      '',
    ].join('\n'),
  };
}
