import type Stripe from 'stripe';
import { sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { decimal, newId, randomToken } from '../ids';
import { paginate } from '../lists';
import { bool, int, metadata, num, obj, oneOf, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { find, get, list, put } from '../store';

/** Products, prices, tax rates, coupons and promotion codes: the catalogue subscriptions use. */

/** A product with Stripe's defaults (also made on the fly for `product_data` and invoice items). */
export async function createProduct(ctx: Ctx, name: string, id?: string): Promise<Stripe.Product> {
  const now = await sandboxNow(ctx);
  const product: Stripe.Product = {
    id: id ?? newId('prod'),
    object: 'product',
    active: true,
    created: now,
    default_price: null,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  return product;
}

export function planOf(price: Stripe.Price): Stripe.Plan {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: (price.recurring?.interval ?? 'month') as Stripe.Plan.Interval,
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** Builds a price from price params (also used for `price_data` on items and checkout lines). */
export async function buildPrice(ctx: Ctx, p: Record<string, unknown>, prefix = ''): Promise<Stripe.Price> {
  const params = p as Parameters<typeof str>[0];
  const currency = reqStr(params, 'currency').toLowerCase();
  let productId = str(params, 'product');
  const productData = obj(params, 'product_data');
  if (!productId && productData) {
    const product = await createProduct(ctx, reqStr(productData, 'name'));
    await put(ctx, product);
    productId = product.id;
  }
  if (!productId) throw missingParam(`${prefix}product`);
  await get<Stripe.Product>(ctx, productId, 'product', `${prefix}product`);
  const unitAmount = int(params, 'unit_amount', `${prefix}unit_amount`);
  if (unitAmount === undefined) throw missingParam(`${prefix}unit_amount`);
  const recurring = obj(params, 'recurring');
  const interval = recurring
    ? oneOf(
        reqStr(recurring, 'interval'),
        ['day', 'week', 'month', 'year'] as const,
        `${prefix}recurring[interval]`,
      )
    : undefined;
  const taxBehavior = oneOf(
    str(params, 'tax_behavior'),
    ['exclusive', 'inclusive', 'unspecified'] as const,
    'tax_behavior',
  );
  return {
    id: newId('price'),
    object: 'price',
    active: bool(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: await sandboxNow(ctx),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: str(params, 'lookup_key') ?? null,
    metadata: metadata(params),
    nickname: str(params, 'nickname') ?? null,
    product: productId,
    recurring:
      recurring && interval
        ? {
            interval,
            interval_count: int(recurring, 'interval_count') ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
    tax_behavior: taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: decimal(unitAmount),
  };
}

/** A lookup key names one price: a new price with transfer_lookup_key takes it over. */
async function claimLookupKey(ctx: Ctx, price: Stripe.Price, transfer: boolean): Promise<void> {
  if (!price.lookup_key) return;
  const holders = (await list<Stripe.Price>(ctx, 'price')).filter(
    (other) => other.lookup_key === price.lookup_key && other.id !== price.id,
  );
  if (holders.length === 0) return;
  if (!transfer) {
    throw invalidRequest(`A price (\`${holders[0]?.id}\`) already uses that lookup key.`, 'lookup_key');
  }
  for (const holder of holders) await put(ctx, { ...holder, lookup_key: null });
}

function percentage(params: Parameters<typeof str>[0], key: string): number | undefined {
  return num(params, key);
}

export const catalogueRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/products',
    auth: 'secret',
    accepts: [
      'name',
      'id',
      'description',
      'metadata',
      'active',
      'default_price_data',
      'tax_code',
      'unit_label',
      'images',
      'url',
      'statement_descriptor',
      'marketing_features',
      'shippable',
      'type',
    ],
    async handler(ctx, { params }) {
      const name = reqStr(params, 'name');
      const id = str(params, 'id');
      if (id && (await find(ctx, id, 'product')))
        throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
      const product = await createProduct(ctx, name, id);
      product.description = str(params, 'description') ?? null;
      product.metadata = metadata(params);
      product.active = bool(params, 'active') ?? true;
      product.unit_label = str(params, 'unit_label') ?? null;
      const defaultPrice = obj(params, 'default_price_data');
      if (defaultPrice) {
        await put(ctx, product);
        const price = await buildPrice(ctx, { ...defaultPrice, product: product.id });
        await put(ctx, price);
        product.default_price = price.id;
      }
      return put(ctx, product);
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    auth: 'secret',
    handler: (ctx, { path }) => get(ctx, path.id ?? '', 'product'),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    auth: 'secret',
    accepts: ['name', 'description', 'metadata', 'active', 'default_price', 'unit_label'],
    async handler(ctx, { path, params }) {
      const product = await get<Stripe.Product>(ctx, path.id ?? '', 'product');
      return put(ctx, {
        ...product,
        name: str(params, 'name') ?? product.name,
        description:
          params.description === undefined ? product.description : str(params, 'description') || null,
        active: bool(params, 'active') ?? product.active,
        default_price: str(params, 'default_price') ?? product.default_price ?? null,
        metadata: metadata(params, product.metadata),
        updated: await sandboxNow(ctx),
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/products',
    auth: 'secret',
    async handler(ctx, { params }) {
      const active = bool(params, 'active');
      const ids = strings(params, 'ids');
      const products = (await list<Stripe.Product>(ctx, 'product')).filter(
        (p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)),
      );
      return paginate(products, params, '/v1/products');
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    auth: 'secret',
    accepts: [
      'currency',
      'product',
      'product_data',
      'unit_amount',
      'unit_amount_decimal',
      'recurring',
      'lookup_key',
      'transfer_lookup_key',
      'nickname',
      'metadata',
      'active',
      'tax_behavior',
      'billing_scheme',
    ],
    async handler(ctx, { params }) {
      const price = await buildPrice(ctx, params);
      await claimLookupKey(ctx, price, bool(params, 'transfer_lookup_key') ?? false);
      return put(ctx, price);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    auth: 'secret',
    handler: (ctx, { path }) => get(ctx, path.id ?? '', 'price'),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    auth: 'secret',
    accepts: ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'tax_behavior'],
    async handler(ctx, { path, params }) {
      const price = await get<Stripe.Price>(ctx, path.id ?? '', 'price');
      const next: Stripe.Price = {
        ...price,
        active: bool(params, 'active') ?? price.active,
        lookup_key: params.lookup_key === undefined ? price.lookup_key : str(params, 'lookup_key') || null,
        nickname: params.nickname === undefined ? price.nickname : str(params, 'nickname') || null,
        metadata: metadata(params, price.metadata),
      };
      await claimLookupKey(ctx, next, bool(params, 'transfer_lookup_key') ?? false);
      return put(ctx, next);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    auth: 'secret',
    async handler(ctx, { params }) {
      const active = bool(params, 'active');
      const lookupKeys = strings(params, 'lookup_keys');
      const product = str(params, 'product');
      const type = str(params, 'type');
      const prices = (await list<Stripe.Price>(ctx, 'price')).filter(
        (p) =>
          (active === undefined || p.active === active) &&
          (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
          (!product || p.product === product) &&
          (!type || p.type === type),
      );
      return paginate(prices, params, '/v1/prices');
    },
  },
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
      return put(ctx, rate);
    },
  },
  {
    method: 'GET',
    path: '/v1/tax_rates/:id',
    auth: 'secret',
    handler: (ctx, { path }) => get(ctx, path.id ?? '', 'tax_rate'),
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
      const rate = await get<Stripe.TaxRate>(ctx, path.id ?? '', 'tax_rate');
      return put(ctx, {
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
      return put(ctx, coupon);
    },
  },
  {
    method: 'GET',
    path: '/v1/coupons/:id',
    auth: 'secret',
    handler: (ctx, { path }) => get(ctx, path.id ?? '', 'coupon'),
  },
  {
    method: 'DELETE',
    path: '/v1/coupons/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const coupon = await get<Stripe.Coupon>(ctx, path.id ?? '', 'coupon');
      // Kept (existing discounts still point at it) but no longer valid for new redemptions.
      await put(ctx, { ...coupon, valid: false });
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
      return put(ctx, promo);
    },
  },
  {
    method: 'GET',
    path: '/v1/promotion_codes/:id',
    auth: 'secret',
    handler: (ctx, { path }) => get(ctx, path.id ?? '', 'promotion_code'),
  },
  {
    method: 'POST',
    path: '/v1/promotion_codes/:id',
    auth: 'secret',
    accepts: ['active', 'metadata', 'restrictions'],
    async handler(ctx, { path, params }) {
      const promo = await get<Stripe.PromotionCode>(ctx, path.id ?? '', 'promotion_code');
      return put(ctx, {
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
