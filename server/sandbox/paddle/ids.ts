import { randomBytes } from 'node:crypto';

// Paddle's ids: a prefix and 26 lower-case base-32 characters (Paddle's look like ULIDs in lower case).
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Random characters of Paddle's id alphabet. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** The prefixes Paddle forms its ids with. */
export const ID_PREFIX = {
  product: 'pro',
  price: 'pri',
  customer: 'ctm',
  address: 'add',
  business: 'biz',
  transaction: 'txn',
  subscription: 'sub',
  event: 'evt',
  notification: 'ntf',
  notification_setting: 'ntfset',
  portal_session: 'cpls',
  payment_method: 'paymtd',
  adjustment: 'adj',
  discount: 'dsc',
} as const;

export type EntityKind = keyof typeof ID_PREFIX;

export function newId(kind: EntityKind): string {
  return `${ID_PREFIX[kind]}_${randomToken(26)}`;
}

/** Paddle's request ids are UUIDs. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
