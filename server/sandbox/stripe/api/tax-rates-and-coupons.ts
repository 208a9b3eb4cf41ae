import type Stripe from 'stripe';
import { sandboxNow } from '../clock';
import { invalidRequest, missingParam } from '../errors';
import { emit, putCreated, putUpdated } from '../events';
import { newId, randomToken } from '../ids';
import { paginate } from '../lists';
import { bool, int, metadata, num, obj, oneOf, reqStr, str } from '../params';
import type { RouteDef } from '../router';
import { find, get, list, put } from '../store';
import { retrieve, urlObject } from './retrieve';

/** Tax rates, coupons and promotion codes. */

function percentage(params: Parameters<typeof str>[0], key: string): number | undefined {
  return num(params, key);
}

export const taxRateAndCouponRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/tax_rates',
    auth: 'secret',
    accepts: [
      'display_name',
      'inclusive',
      'percentage',
      'active',
      'country',
      'description',
      'jurisdiction',
      'metadata',
      'state',
      'tax_type',
    ],
    async handler(ctx, { params }) {
      const displayName = reqStr(params, 'display_name');
      const inclusive = bool(params, 'inclusive');
      if (inclusive === undefined) throw missingParam('inclusive');
      const pct = percentage(params, 'percentage');
      if (pct === undefined) throw missingParam('percentage');
      const rate: Stripe.TaxRate = {
        id: newId('txr'),
        object: 'tax_rate',
        active: bool(params, 'active') ?? true,
        country: str(params, 'country') ?? null,
        created: await sandboxNow(ctx),
        description: str(params, 'description') ?? null,
        display_name: displayName,
        effective_percentage: pct,
        flat_amount: null,
        inclusive,
        jurisdiction: str(params, 'jurisdiction') ?? null,
        jurisdiction_level: null,
        livemode: false,
        metadata: metadata(params),
        percentage: pct,
        rate_type: 'percentage',
        state: str(params, 'state') ?? null,
        tax_type: (str(params, 'tax_type') as Stripe.TaxRate.TaxType | undefined) ?? null,
      };
      return putCreated(ctx, rate);
    },
  },
  {
    method: 'GET',
    path: '/v1/tax_rates/:id',
    auth: 'secret',
    handler: retrieve('tax_rate'),
  },
  {
    method: 'POST',
    path: '/v1/tax_rates/:id',
    auth: 'secret',
    accepts: [
      'active',
      'display_name',
      'description',
      'metadata',
      'country',
      'jurisdiction',
      'state',
      'tax_type',
    ],
    async handler(ctx, { path, params }) {
      const rate = await urlObject<Stripe.TaxRate>(ctx, path, 'tax_rate');
      return putUpdated(ctx, rate, {
        ...rate,
        active: bool(params, 'active') ?? rate.active,
        display_name: str(params, 'display_name') ?? rate.display_name,
        metadata: metadata(params, rate.metadata ?? {}),
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/tax_rates',
    auth: 'secret',
    async handler(ctx, { params }) {
      const active = bool(params, 'active');
      const inclusive = bool(params, 'inclusive');
      const rates = (await list<Stripe.TaxRate>(ctx, 'tax_rate')).filter(
        (r) =>
          (active === undefined || r.active === active) &&
          (inclusive === undefined || r.inclusive === inclusive),
      );
      return paginate(rates, params, '/v1/tax_rates');
    },
  },
  {
    method: 'POST',
    path: '/v1/coupons',
    auth: 'secret',
    accepts: [
      'id',
      'name',
      'percent_off',
      'amount_off',
      'currency',
      'duration',
      'duration_in_months',
      'max_redemptions',
      'redeem_by',
      'metadata',
      'applies_to',
    ],
    async handler(ctx, { params }) {
      const id = str(params, 'id') ?? randomToken(8);
      if (await find(ctx, id, 'coupon'))
        throw invalidRequest('Coupon already exists.', 'id', 'resource_already_exists');
      const percentOff = num(params, 'percent_off');
      const amountOff = int(params, 'amount_off');
      if (percentOff === undefined && amountOff === undefined) {
        throw invalidRequest('Must pass either `percent_off` or `amount_off`.', 'percent_off');
      }
      if (amountOff !== undefined && !str(params, 'currency')) throw missingParam('currency');
      const duration = oneOf(
        str(params, 'duration') ?? 'once',
        ['once', 'forever', 'repeating'] as const,
        'duration',
      );
      const months = int(params, 'duration_in_months');
      if (duration === 'repeating' && months === undefined) throw missingParam('duration_in_months');
      const coupon: Stripe.Coupon = {
        id,
        object: 'coupon',
        amount_off: amountOff ?? null,
        created: await sandboxNow(ctx),
        currency: str(params, 'currency')?.toLowerCase() ?? null,
        duration: duration ?? 'once',
        duration_in_months: duration === 'repeating' ? (months ?? null) : null,
        livemode: false,
        max_redemptions: int(params, 'max_redemptions') ?? null,
        metadata: metadata(params),
        name: str(params, 'name') ?? null,
        percent_off: percentOff ?? null,
        redeem_by: int(params, 'redeem_by') ?? null,
        times_redeemed: 0,
        valid: true,
      };
      return putCreated(ctx, coupon);
    },
  },
  {
    method: 'GET',
    path: '/v1/coupons/:id',
    auth: 'secret',
    handler: retrieve('coupon'),
  },
  {
    method: 'DELETE',
    path: '/v1/coupons/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const coupon = await urlObject<Stripe.Coupon>(ctx, path, 'coupon');
      // Kept (existing discounts still point at it) but no longer valid for new redemptions.
      const invalid: Stripe.Coupon = { ...coupon, valid: false };
      await put(ctx, invalid);
      await emit(ctx, 'coupon.deleted', invalid);
      return { id: coupon.id, object: 'coupon', deleted: true };
    },
  },
  {
    method: 'GET',
    path: '/v1/coupons',
    auth: 'secret',
    async handler(ctx, { params }) {
      return paginate(
        (await list<Stripe.Coupon>(ctx, 'coupon')).filter((c) => c.valid),
        params,
        '/v1/coupons',
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes',
    auth: 'secret',
    accepts: [
      'promotion',
      'code',
      'active',
      'customer',
      'expires_at',
      'max_redemptions',
      'metadata',
      'restrictions',
    ],
    async handler(ctx, { params }) {
      const promotion = obj(params, 'promotion');
      if (!promotion) throw missingParam('promotion');
      const couponId = reqStr(promotion, 'coupon');
      await get<Stripe.Coupon>(ctx, couponId, 'coupon', 'promotion[coupon]');
      const code = str(params, 'code') ?? randomToken(8).toUpperCase();
      const taken = (await list<Stripe.PromotionCode>(ctx, 'promotion_code')).some(
        (other) => other.active && other.code.toLowerCase() === code.toLowerCase(),
      );
      if (taken) throw invalidRequest('An active promotion code with `code` already exists.', 'code');
      const promo: Stripe.PromotionCode = {
        id: newId('promo'),
        object: 'promotion_code',
        active: bool(params, 'active') ?? true,
        code,
        created: await sandboxNow(ctx),
        customer: str(params, 'customer') ?? null,
        customer_account: null,
        expires_at: int(params, 'expires_at') ?? null,
        livemode: false,
        max_redemptions: int(params, 'max_redemptions') ?? null,
        metadata: metadata(params),
        promotion: { coupon: couponId, type: 'coupon' },
        restrictions: {
          first_time_transaction: false,
          minimum_amount: null,
          minimum_amount_currency: null,
        },
        times_redeemed: 0,
      };
      return putCreated(ctx, promo);
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes/:id',
    auth: 'secret',
    handler: retrieve('promotion_code'),
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes/:id',
    auth: 'secret',
    accepts: ['active', 'metadata', 'restrictions'],
    async handler(ctx, { path, params }) {
      const promo = await urlObject<Stripe.PromotionCode>(ctx, path, 'promotion_code');
      return putUpdated(ctx, promo, {
        ...promo,
        active: bool(params, 'active') ?? promo.active,
        metadata: metadata(params, promo.metadata ?? {}),
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes',
    auth: 'secret',
    async handler(ctx, { params }) {
      const code = str(params, 'code');
      const active = bool(params, 'active');
      const coupon = str(params, 'coupon');
      const codes = (await list<Stripe.PromotionCode>(ctx, 'promotion_code')).filter(
        (p) =>
          (!code || p.code.toLowerCase() === code.toLowerCase()) &&
          (active === undefined || p.active === active) &&
          (!coupon || p.promotion.coupon === coupon),
      );
      return paginate(codes, params, '/v1/promotion_codes');
    },
  },
];
