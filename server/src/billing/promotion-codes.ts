import { ValidationError } from '../errors';
import type { BillingDeps } from './billing-deps';

/** The coupon field's complaint about a code this customer redeemed before (console: 'Promotion code has already been used'). */
export const COUPON_USED_MESSAGE = 'has already been used';

const couponError = (message: string) => new ValidationError([{ field: 'coupon', message }]);

/**
 * Promotion codes of team plan changes, each redeemed once per customer (decision 017).
 * Stripe cannot say so on the code (`restrictions.first_time_transaction` refuses any customer who
 * ever paid; `max_redemptions` counts everyone together), so the product keeps the redemptions
 * (table promotion_redemptions, migration 017) and behaves alike on the sandbox and on real Stripe.
 */
export function createPromotionCodes(deps: Pick<BillingDeps, 'db' | 'provider' | 'clock'>) {
  async function redeemed(customerId: string, promotionCodeId: string): Promise<boolean> {
    const rows = await deps.db.query(
      'SELECT 1 FROM promotion_redemptions WHERE customer_id = $1 AND promotion_code_id = $2',
      [customerId, promotionCodeId],
    );
    return rows.length > 0;
  }

  return {
    /**
     * The provider's promotion code for what was typed (null for none), or the coupon field error:
     * 'is invalid' for a code that does not exist or is inactive, 'has already been used' for one
     * this customer redeemed.
     */
    async resolve(coupon: string | null, customerId: string | null): Promise<string | null> {
      if (!coupon) return null;
      const promotionCodeId = await deps.provider.findPromotionCode(coupon);
      if (!promotionCodeId) throw couponError('is invalid');
      if (customerId && (await redeemed(customerId, promotionCodeId))) throw couponError(COUPON_USED_MESSAGE);
      return promotionCodeId;
    },

    /** Remembers that the customer redeemed the code (its discount is on the subscription now). */
    async recordRedemption(customerId: string, promotionCodeId: string, teamId: number): Promise<void> {
      await deps.db.query(
        `INSERT INTO promotion_redemptions (customer_id, promotion_code_id, team_id, redeemed_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
        [customerId, promotionCodeId, teamId, deps.clock.now()],
      );
    },
  };
}
