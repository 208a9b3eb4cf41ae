import type Stripe from 'stripe';
import { addInterval } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { str } from '../params';
import { find, get, put } from '../store';
import type { AppliedDiscount } from './amounts';

/** A subscription's discounts: created from coupons and promotion codes, applied while valid, spent. */

/** discounts[i][coupon|promotion_code] -> stored Discount objects. */
export async function createDiscounts(
  ctx: Ctx,
  params: FormObject[],
  target: { customer: string; subscription: string | null; checkoutSession?: string },
  now: number,
): Promise<Stripe.Discount[]> {
  const discounts: Stripe.Discount[] = [];
  for (const [i, entry] of params.entries()) {
    const existing = str(entry, 'discount');
    if (existing) {
      discounts.push(await get<Stripe.Discount>(ctx, existing, 'discount', `discounts[${i}][discount]`));
      continue;
    }
    const { coupon, promotionCode } = await couponFor(ctx, entry, `discounts[${i}]`);
    const discount: Stripe.Discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: target.checkoutSession ?? null,
      customer: target.customer,
      customer_account: null,
      end: coupon.duration === 'repeating' ? addInterval(now, 'month', coupon.duration_in_months ?? 1) : null,
      invoice: null,
      invoice_item: null,
      promotion_code: promotionCode?.id ?? null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: now,
      subscription: target.subscription,
      subscription_item: null,
    };
    await put(ctx, discount, { customer: target.customer });
    await put(ctx, { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
    if (promotionCode) await put(ctx, { ...promotionCode, times_redeemed: promotionCode.times_redeemed + 1 });
    discounts.push(discount);
  }
  return discounts;
}

export async function couponFor(ctx: Ctx, entry: FormObject, param: string) {
  const couponId = str(entry, 'coupon');
  const promoId = str(entry, 'promotion_code');
  let promotionCode: Stripe.PromotionCode | null = null;
  let coupon: Stripe.Coupon;
  if (promoId) {
    promotionCode = await get<Stripe.PromotionCode>(
      ctx,
      promoId,
      'promotion_code',
      `${param}[promotion_code]`,
    );
    if (!promotionCode.active)
      throw invalidRequest(`This promotion code is inactive.`, `${param}[promotion_code]`);
    coupon = await get<Stripe.Coupon>(ctx, promotionCode.promotion.coupon as string, 'coupon');
  } else if (couponId) {
    coupon = await get<Stripe.Coupon>(ctx, couponId, 'coupon', `${param}[coupon]`);
  } else {
    throw missingParam(`${param}[coupon]`);
  }
  if (!coupon.valid) throw invalidRequest(`Coupon expired: ${coupon.id}`, `${param}[coupon]`);
  return { coupon, promotionCode };
}

/** The discounts that still apply at `now`. */
export async function activeDiscounts(
  ctx: Ctx,
  ids: Array<string | Stripe.Discount>,
  now: number,
): Promise<AppliedDiscount[]> {
  const applied: AppliedDiscount[] = [];
  for (const ref of ids) {
    const discount = typeof ref === 'string' ? await find<Stripe.Discount>(ctx, ref, 'discount') : ref;
    if (!discount || (discount.end !== null && discount.end <= now)) continue;
    const coupon = await find<Stripe.Coupon>(ctx, discount.source.coupon as string, 'coupon');
    if (coupon) applied.push({ discount, coupon });
  }
  return applied;
}

/** A `once` coupon is spent by the first invoice that charged something. */
export async function spendOnceDiscounts(
  ctx: Ctx,
  sub: Stripe.Subscription,
  invoice: Stripe.Invoice,
): Promise<void> {
  if (invoice.subtotal <= 0) return;
  const keep: Array<string | Stripe.Discount> = [];
  for (const ref of sub.discounts) {
    const discount = await find<Stripe.Discount>(ctx, typeof ref === 'string' ? ref : ref.id, 'discount');
    const coupon = discount
      ? await find<Stripe.Coupon>(ctx, discount.source.coupon as string, 'coupon')
      : null;
    if (coupon?.duration === 'once' && invoice.discounts.includes(discount?.id ?? '')) continue;
    keep.push(ref);
  }
  sub.discounts = keep;
}
