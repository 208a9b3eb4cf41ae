import type { BillingProduct } from '@domain/entities';
import type { Queryable } from '../db';

export interface PersonalPrice {
  /** Our price id, coupon suffix included ('personal_premium_365--WELCOME10'). */
  id: string;
  productId: string;
  productName: string;
  interval: 'month' | 'year';
  amount: number;
  currency: string;
  couponPercentOff: number | null;
}

export interface PersonalBillingRow {
  accountId: number;
  customerId: string | null;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  trialUsed: boolean;
  appStore: 'apple' | 'google' | null;
  appStorePeriod: 'month' | 'year' | null;
}

interface PriceRow {
  id: string;
  product_id: string;
  product_name: string;
  billing_interval: 'month' | 'year';
  amount: number;
  currency: string;
  coupon_percent_off: number | null;
}

interface LinkRow {
  account_id: number;
  customer_id: string | null;
  subscription_id: string | null;
  checkout_session_id: string | null;
  trial_used: boolean;
  app_store: 'apple' | 'google' | null;
  app_store_period: 'month' | 'year' | null;
}

const toPrice = (row: PriceRow): PersonalPrice => ({
  id: row.id,
  productId: row.product_id,
  productName: row.product_name,
  interval: row.billing_interval,
  amount: row.amount,
  currency: row.currency.toUpperCase(),
  couponPercentOff: row.coupon_percent_off,
});

const toLink = (row: LinkRow): PersonalBillingRow => ({
  accountId: row.account_id,
  customerId: row.customer_id,
  subscriptionId: row.subscription_id,
  checkoutSessionId: row.checkout_session_id,
  trialUsed: row.trial_used,
  appStore: row.app_store,
  appStorePeriod: row.app_store_period,
});

const priceQuery = `SELECT p.*, r.name AS product_name FROM personal_billing_prices p
  JOIN personal_billing_products r ON r.id = p.product_id`;

/** The personal catalogue and each account's link to its payment provider (and app store plan). */
export function createPersonalBillingRepository(db: Queryable) {
  return {
    async listPrices(): Promise<PersonalPrice[]> {
      const rows = await db.query<PriceRow>(`${priceQuery} ORDER BY r.position, r.id, p.position, p.id`);
      return rows.map(toPrice);
    },

    async findPrice(id: string): Promise<PersonalPrice | null> {
      const [row] = await db.query<PriceRow>(`${priceQuery} WHERE p.id = $1`, [id]);
      return row ? toPrice(row) : null;
    },

    /** Spec section 3 'Billing product': each product with its prices, in catalogue order. */
    async listProducts(): Promise<BillingProduct[]> {
      const products: BillingProduct[] = [];
      for (const price of await this.listPrices()) {
        let product = products.find((p) => p.productId === price.productId);
        if (!product) {
          product = { productId: price.productId, name: price.productName, prices: [] };
          products.push(product);
        }
        product.prices.push({
          priceId: price.id,
          amount: price.amount,
          currency: price.currency,
          interval: price.interval,
          couponPercentOff: price.couponPercentOff,
        });
      }
      return products;
    },

    async find(accountId: number): Promise<PersonalBillingRow | null> {
      const [row] = await db.query<LinkRow>('SELECT * FROM personal_billing WHERE account_id = $1', [
        accountId,
      ]);
      return row ? toLink(row) : null;
    },

    /** The account that owns a provider customer or subscription, if any. */
    async findAccountIdByProviderObject(
      customerId: string | null,
      subscriptionId: string | null,
    ): Promise<number | null> {
      const [row] = await db.query<{ account_id: number }>(
        'SELECT account_id FROM personal_billing WHERE customer_id = $1 OR subscription_id = $2 LIMIT 1',
        [customerId, subscriptionId],
      );
      return row?.account_id ?? null;
    },

    /** Sets the given fields (undefined: unchanged), creating the row on first use. */
    async save(
      accountId: number,
      changes: Partial<Omit<PersonalBillingRow, 'accountId'>>,
    ): Promise<PersonalBillingRow> {
      const set = (name: keyof typeof changes) => changes[name] !== undefined;
      const [row] = await db.query<LinkRow>(
        `INSERT INTO personal_billing AS b
           (account_id, customer_id, subscription_id, trial_used, app_store, app_store_period,
            checkout_session_id)
         VALUES ($1, $2, $3, COALESCE($4, false), $5, $6, $10)
         ON CONFLICT (account_id) DO UPDATE SET
           customer_id = CASE WHEN $7 THEN EXCLUDED.customer_id ELSE b.customer_id END,
           subscription_id = CASE WHEN $8 THEN EXCLUDED.subscription_id ELSE b.subscription_id END,
           trial_used = COALESCE($4, b.trial_used),
           app_store = CASE WHEN $9 THEN EXCLUDED.app_store ELSE b.app_store END,
           app_store_period = CASE WHEN $9 THEN EXCLUDED.app_store_period ELSE b.app_store_period END,
           checkout_session_id = CASE WHEN $11 THEN EXCLUDED.checkout_session_id
             ELSE b.checkout_session_id END,
           updated_at = now()
         RETURNING *`,
        [
          accountId,
          changes.customerId ?? null,
          changes.subscriptionId ?? null,
          changes.trialUsed ?? null,
          changes.appStore ?? null,
          changes.appStorePeriod ?? null,
          set('customerId'),
          set('subscriptionId'),
          set('appStore') || set('appStorePeriod'),
          changes.checkoutSessionId ?? null,
          set('checkoutSessionId'),
        ],
      );
      return toLink(row as LinkRow);
    },

    /**
     * Claims the one free trial of the account: true only for the first caller, ever, so two clicks
     * (or two servers) never start two trials.
     */
    async claimTrial(accountId: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO personal_billing AS b (account_id, trial_used) VALUES ($1, true)
         ON CONFLICT (account_id) DO UPDATE SET trial_used = true, updated_at = now()
           WHERE b.trial_used = false
         RETURNING 1`,
        [accountId],
      );
      return rows.length > 0;
    },
  };
}

export type PersonalBillingRepository = ReturnType<typeof createPersonalBillingRepository>;
