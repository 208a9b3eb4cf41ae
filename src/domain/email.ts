// The web-login email check (spec sections 2 and 5): the arrow button enables once this passes.

/**
 * local@domain.tld: a local part of the characters the HTML email input allows, dot-separated domain
 * labels of letters, digits and inner hyphens, and a final label of 2+ letters. Stricter than the
 * browser's type=email (which accepts 'a@b'), because a sign-up address without a TLD is a typo.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/u;

/** The longest address SMTP can carry (RFC 5321 path limit minus the angle brackets). */
const MAX_EMAIL_LENGTH = 254;

/** Whether text is a plausible email address. No trimming: callers trim what the user typed. */
export function isValidEmail(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(text);
}
