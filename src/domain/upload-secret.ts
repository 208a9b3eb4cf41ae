// The public-file link's secret (spec section 9: 43 random alphanumerics plus '='), made in the
// browser so the server never learns more than its hash.

const SECRET_LENGTH = 43;
const ALPHANUMERICS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
// 62 * 4 = 248: bytes from 248 up are thrown away, so every character is exactly as likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERICS.length);

/**
 * A fresh link secret. `fillRandom` is the Web Crypto API's getRandomValues, filling the array in
 * place (passed in, so this stays pure and testable); rejection sampling keeps the 62 characters
 * uniform.
 */
export function generateUploadSecret(fillRandom: (bytes: Uint8Array<ArrayBuffer>) => unknown): string {
  let secret = '';
  while (secret.length < SECRET_LENGTH) {
    const bytes = new Uint8Array(64);
    fillRandom(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && secret.length < SECRET_LENGTH)
        secret += ALPHANUMERICS[byte % ALPHANUMERICS.length];
    }
  }
  return `${secret}=`;
}
