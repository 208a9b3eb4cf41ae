import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import { TokenInvalidError } from '../errors';
import {
  AUTH_CODE_RETRY_GRACE_SECONDS,
  AUTH_CODE_TTL_SECONDS,
  CHECKOUT_RETURN_CODE_TTL_SECONDS,
} from './token-policy';
import type { TokenSigner } from './tokens';

/**
 * A fresh one-time auth code for an account: a signed JWT (kind 'auth_code', uid, jti) plus a row
 * that makes it single-use.
 */
export async function issueAuthCode(
  db: Db,
  signer: TokenSigner,
  accountId: number,
  ttlSeconds: number = AUTH_CODE_TTL_SECONDS,
): Promise<string> {
  return (await mintCode(db, signer, accountId, ttlSeconds, false)).code;
}

async function mintCode(db: Db, signer: TokenSigner, accountId: number, ttl: number, forCheckout: boolean) {
  const jti = randomUUID();
  const expiresAt = Math.floor(Date.now() / 1000) + ttl;
  await createRepositories(db).authCodes.create({
    jti,
    accountId,
    expiresAt: new Date(expiresAt * 1000),
    forCheckout,
  });
  return { jti, code: await signer.signAuthCode({ uid: accountId, jti }, expiresAt) };
}

/**
 * The one code of a web sign-up's checkout, for both its success and its cancel URL. It is
 * no login until `bind` names its checkout, and then only once that checkout has ended.
 */
export async function issueCheckoutReturnCode(db: Db, signer: TokenSigner, accountId: number) {
  const { jti, code } = await mintCode(db, signer, accountId, CHECKOUT_RETURN_CODE_TTL_SECONDS, true);
  return {
    code,
    bind: (checkoutSessionId: string) =>
      createRepositories(db).authCodes.bindCheckout(jti, checkoutSessionId),
  };
}

/**
 * Whether the checkout has ended (completed or expired), ending it first when it is still open: the
 * person came back through its cancel URL. False when there is no such checkout.
 */
export type CheckoutEnder = (checkoutSessionId: string) => Promise<boolean>;

/**
 * Before a code is spent (outside the spending transaction: it may call the payment provider): a
 * checkout return code is a login only once its checkout has ended. A code of no checkout, or one
 * already spent (a retry within the grace is then decided by redeemAuthCode), passes through.
 */
export async function requireEndedCheckout(
  db: Db,
  signer: TokenSigner,
  code: string,
  endCheckout: CheckoutEnder,
): Promise<void> {
  const claims = await signer.verifyAuthCode(code);
  if (!claims) return;
  const pending = await createRepositories(db).authCodes.findPendingCheckout(claims.jti);
  if (!pending) return;
  if (!pending.checkoutSessionId || !(await endCheckout(pending.checkoutSessionId)))
    throw new TokenInvalidError();
}

/**
 * Spends an auth code inside the caller's transaction and returns its account. Forged, malformed,
 * expired, unknown and already used codes all fail the same way: 401 with errorCode 1200.
 * The one exception is a retry: the same code with the same idempotency key as the exchange that spent
 * it, within AUTH_CODE_RETRY_GRACE_SECONDS (the console lost the first answer to a dropped connection).
 * The key is random per call and never part of a link, so a leaked link alone still works only once.
 */
export async function redeemAuthCode(
  repos: ReturnType<typeof createRepositories>,
  signer: TokenSigner,
  code: string,
  idempotencyKey: string | null = null,
): Promise<number> {
  const claims = await signer.verifyAuthCode(code);
  if (!claims) throw new TokenInvalidError();
  const keyHash = idempotencyKey ? createHash('sha256').update(idempotencyKey).digest('hex') : null;
  const accountId = await repos.authCodes.consume(claims.jti, keyHash, AUTH_CODE_RETRY_GRACE_SECONDS);
  if (accountId === null || accountId !== claims.uid) throw new TokenInvalidError();
  return accountId;
}
