import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The checkout's `customData.checkoutToken`: an HMAC over the team id with the server's key, so the
 * webhook can trust `customData.teamId`, which passes through the browser. Every server signs with
 * the same key (the JWT secret, whose fingerprint all servers on one database share).
 */
export function createCheckoutTokens(secret: Uint8Array) {
  const sign = (teamId: number) =>
    createHmac('sha256', secret).update(`paddle-checkout:team:${teamId}`).digest('base64url');
  return {
    sign,
    /** The team id the custom data names, when its token holds; else null. */
    verify(customData: unknown): number | null {
      if (!customData || typeof customData !== 'object') return null;
      const { teamId, checkoutToken } = customData as { teamId?: unknown; checkoutToken?: unknown };
      const id =
        typeof teamId === 'number' ? teamId : typeof teamId === 'string' ? Number(teamId) : Number.NaN;
      if (!Number.isSafeInteger(id) || id <= 0 || typeof checkoutToken !== 'string') return null;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(checkoutToken);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

export type CheckoutTokens = ReturnType<typeof createCheckoutTokens>;
