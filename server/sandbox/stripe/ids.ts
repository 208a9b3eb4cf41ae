import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random base62, the look of Stripe's ids (`cus_Q1w2E3r4T5y6U7`). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

/** Stripe's client secrets: the object's id, `_secret_`, then a random part. */
export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomToken(24)}`;
}

/** Decimal fields travel as strings on the wire; the SDK's type for them is its Decimal class. */
export function decimal(value: number | string): import('stripe').Stripe.Decimal {
  return String(value) as unknown as import('stripe').Stripe.Decimal;
}
