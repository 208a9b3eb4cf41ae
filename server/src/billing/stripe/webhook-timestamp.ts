/** How far a webhook's signed timestamp may lie from now, either way (the SDK's own past limit). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Is the t= of a (verified) Stripe-Signature header more than the tolerance ahead of `nowMs`? The SDK
 * refuses old timestamps only: a pre-signed event would otherwise replay for as long as its time lies
 * ahead. A header without t= never verified, so it counts as refused too.
 */
export function isSignedInTheFuture(signature: string | undefined, nowMs: number): boolean {
  const match = /(?:^|,)\s*t=(\d+)/.exec(signature ?? '');
  if (!match) return true;
  return Number(match[1]) > nowMs / 1000 + WEBHOOK_TOLERANCE_SECONDS;
}
