import type Stripe from 'stripe';
import { sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { putCreated, putUpdated } from '../events';
import { decimal, newId } from '../ids';
import { paginate } from '../lists';
import { bool, int, metadata, obj, oneOf, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { find, get, list, put } from '../store';
import { retrieve, urlObject } from './retrieve';

/** Products and prices: the catalogue subscriptions, checkouts and invoice items use. */

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

/** Builds a price from price params (also used for `price_data` on items and checkout lines). */
export async function buildPrice(ctx: Ctx, p: Record<string, unknown>, prefix = ''): Promise<Stripe.Price> {
  const params = p as Parameters<typeof str>[0];
  const currency = reqStr(params, 'currency').toLowerCase();
  let productId = str(params, 'product');
  const productData = obj(params, 'product_data');
  if (!productId && productData) {
    const product = await putCreated(ctx, await createProduct(ctx, reqStr(productData, 'name')));
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
  for (const holder of holders) await putUpdated(ctx, holder, { ...holder, lookup_key: null });
}

export const productAndPriceRoutes: RouteDef[] = [
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
      if (!defaultPrice) return putCreated(ctx, product);
      // Stripe announces the product, then its default price.
      await putCreated(ctx, product);
      const price = await putCreated(ctx, await buildPrice(ctx, { ...defaultPrice, product: product.id }));
      const withPrice = { ...product, default_price: price.id };
      await put(ctx, withPrice);
      return withPrice;
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    auth: 'secret',
    handler: retrieve('product'),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    auth: 'secret',
    accepts: ['name', 'description', 'metadata', 'active', 'default_price', 'unit_label'],
    async handler(ctx, { path, params }) {
      const product = await urlObject<Stripe.Product>(ctx, path, 'product');
      return putUpdated(ctx, product, {
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
      return putCreated(ctx, price);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    auth: 'secret',
    handler: retrieve('price'),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    auth: 'secret',
    accepts: ['active', 'lookup_key', 'transfer_lookup_key', 'metadata', 'nickname', 'tax_behavior'],
    async handler(ctx, { path, params }) {
      const price = await urlObject<Stripe.Price>(ctx, path, 'price');
      const next: Stripe.Price = {
        ...price,
        active: bool(params, 'active') ?? price.active,
        lookup_key: params.lookup_key === undefined ? price.lookup_key : str(params, 'lookup_key') || null,
        nickname: params.nickname === undefined ? price.nickname : str(params, 'nickname') || null,
        metadata: metadata(params, price.metadata),
      };
      await claimLookupKey(ctx, next, bool(params, 'transfer_lookup_key') ?? false);
      return putUpdated(ctx, price, next);
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
      const recurring = obj(params, 'recurring');
      const interval = recurring ? str(recurring, 'interval') : undefined;
      const prices = (await list<Stripe.Price>(ctx, 'price')).filter(
        (p) =>
          (active === undefined || p.active === active) &&
          (!interval || p.recurring?.interval === interval) &&
          (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
          (!product || p.product === product) &&
          (!type || p.type === type),
      );
      return paginate(prices, params, '/v1/prices');
    },
  },
];
