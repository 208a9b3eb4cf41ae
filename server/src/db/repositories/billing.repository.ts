import type { PlanPrice, Product, TeamPlan } from '@domain/entities';
import type { Queryable } from '../db';

interface ProductRow {
  code: TeamPlan;
  title: string;
  position: number;
  offered: boolean;
  storage_lim: number;
  storage_lim_per_user: number;
  drafts_lim: number;
  templates_lim: number;
  can_use_shared_inboxes: boolean;
  can_use_link_auth: boolean;
  delegations_lim: number;
  can_use_roles: boolean;
  support: string;
  show_free_upgrade: boolean;
  free_upgrade_text: string | null;
  success_text: string | null;
}

interface PriceRow {
  id: string;
  product_code: TeamPlan;
  billing_interval: 'month' | 'year';
  amount: number;
  currency: string;
}

/** A plan of the catalogue with whether it can still be bought (premium is legacy). */
export interface CatalogueProduct extends Product {
  offered: boolean;
}

export interface CataloguePrice extends PlanPrice {
  productCode: TeamPlan;
}

export interface TeamBillingRow {
  teamId: number;
  customerId: string | null;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  trialUsed: boolean;
}

function toPrice(row: PriceRow): CataloguePrice {
  return {
    id: row.id,
    interval: row.billing_interval,
    amount: row.amount,
    currency: row.currency.toUpperCase(),
    productCode: row.product_code,
  };
}

function toProduct(row: ProductRow, prices: CataloguePrice[]): CatalogueProduct {
  return {
    code: row.code,
    title: row.title,
    plans: prices
      .filter((p) => p.productCode === row.code)
      .map(({ productCode: _, ...price }) => price)
      .sort((a, b) => (a.interval === b.interval ? 0 : a.interval === 'month' ? -1 : 1)),
    storageLim: row.storage_lim,
    storageLimPerUser: row.storage_lim_per_user,
    draftsLim: row.drafts_lim,
    // Spec section 3: templates are forced off (0) for basic, whatever the row says.
    templatesLim: row.code === 'basic' ? 0 : row.templates_lim,
    canUseSharedInboxes: row.can_use_shared_inboxes,
    canUseLinkAuth: row.can_use_link_auth,
    delegationsLim: row.delegations_lim,
    canUseRoles: row.can_use_roles,
    support: row.support,
    showFreeUpgrade: row.show_free_upgrade,
    freeUpgradeText: row.free_upgrade_text,
    successText: row.success_text,
    offered: row.offered,
  };
}

/** The plan catalogue, tax table and each team's link to its payment provider. */
export function createBillingRepository(db: Queryable) {
  return {
    async listProducts(): Promise<CatalogueProduct[]> {
      const products = await db.query<ProductRow>('SELECT * FROM billing_products ORDER BY position, code');
      const prices = (await db.query<PriceRow>('SELECT * FROM billing_prices ORDER BY id')).map(toPrice);
      return products.map((row) => toProduct(row, prices));
    },

    async findPrice(id: string): Promise<CataloguePrice | null> {
      const [row] = await db.query<PriceRow>('SELECT * FROM billing_prices WHERE id = $1', [id]);
      return row ? toPrice(row) : null;
    },

    async listPaidPrices(): Promise<CataloguePrice[]> {
      const rows = await db.query<PriceRow>(
        "SELECT * FROM billing_prices WHERE product_code <> 'basic' AND amount > 0 ORDER BY id",
      );
      return rows.map(toPrice);
    },

    async findTaxRate(
      country: string,
    ): Promise<{ country: string; percent: number; displayName: string; providerId: string | null } | null> {
      const [row] = await db.query<{
        country: string;
        percent: string;
        display_name: string;
        provider_tax_rate_id: string | null;
      }>('SELECT * FROM billing_tax_rates WHERE country = $1', [country]);
      return row
        ? {
            country: row.country,
            percent: Number(row.percent),
            displayName: row.display_name,
            providerId: row.provider_tax_rate_id,
          }
        : null;
    },

    async saveTaxRateProviderId(country: string, providerId: string): Promise<void> {
      await db.query('UPDATE billing_tax_rates SET provider_tax_rate_id = $2 WHERE country = $1', [
        country,
        providerId,
      ]);
    },

    /**
     * The team's change counter (its last event id): part of idempotency keys, so a retry of the same
     * request reuses its key while a later, deliberate change gets a new one.
     */
    async changeCounter(teamId: number): Promise<string> {
      const [row] = await db.query<{ n: string }>(
        'SELECT last_event_id::text AS n FROM teams WHERE id = $1',
        [teamId],
      );
      return row?.n ?? '0';
    },

    async findTeamBilling(teamId: number): Promise<TeamBillingRow | null> {
      const [row] = await db.query<{
        team_id: number;
        customer_id: string | null;
        subscription_id: string | null;
        checkout_session_id: string | null;
        trial_used: boolean;
      }>('SELECT * FROM team_billing WHERE team_id = $1', [teamId]);
      return row
        ? {
            teamId: row.team_id,
            customerId: row.customer_id,
            subscriptionId: row.subscription_id,
            checkoutSessionId: row.checkout_session_id,
            trialUsed: row.trial_used,
          }
        : null;
    },

    async findPaddleCustomerId(teamId: number): Promise<string | null> {
      const [row] = await db.query<{ paddle_customer_id: string | null }>(
        'SELECT paddle_customer_id FROM team_billing WHERE team_id = $1',
        [teamId],
      );
      return row?.paddle_customer_id ?? null;
    },

    /** Links the team to its customer at Paddle (the webhook sets it once Paddle names the customer). */
    async savePaddleCustomerId(teamId: number, customerId: string): Promise<void> {
      await db.query(
        `INSERT INTO team_billing (team_id, paddle_customer_id) VALUES ($1, $2)
         ON CONFLICT (team_id) DO UPDATE SET paddle_customer_id = EXCLUDED.paddle_customer_id, updated_at = now()`,
        [teamId, customerId],
      );
    },

    /** The team's payment provider from now on (spec section 2: no switch back once set). */
    async setPaymentProvider(teamId: number, provider: 'stripe' | 'paddle'): Promise<void> {
      await db.query('UPDATE teams SET payment_provider = $2 WHERE id = $1', [teamId, provider]);
    },

    /** The team that owns a provider customer or subscription, if any. */
    async findTeamIdByProviderObject(customerId: string | null, subscriptionId: string | null) {
      const [row] = await db.query<{ team_id: number }>(
        'SELECT team_id FROM team_billing WHERE customer_id = $1 OR subscription_id = $2 LIMIT 1',
        [customerId, subscriptionId],
      );
      return row?.team_id ?? null;
    },

    /** Sets the given fields (undefined: unchanged), creating the row on first use. */
    async saveTeamBilling(
      teamId: number,
      changes: Partial<Omit<TeamBillingRow, 'teamId'>>,
    ): Promise<TeamBillingRow> {
      const [row] = await db.query<{ team_id: number }>(
        `INSERT INTO team_billing AS b (team_id, customer_id, subscription_id, checkout_session_id, trial_used)
         VALUES ($1, $2, $3, $4, COALESCE($5, false))
         ON CONFLICT (team_id) DO UPDATE SET
           customer_id = CASE WHEN $6 THEN EXCLUDED.customer_id ELSE b.customer_id END,
           subscription_id = CASE WHEN $7 THEN EXCLUDED.subscription_id ELSE b.subscription_id END,
           checkout_session_id = CASE WHEN $8 THEN EXCLUDED.checkout_session_id ELSE b.checkout_session_id END,
           trial_used = COALESCE($5, b.trial_used),
           updated_at = now()
         RETURNING team_id`,
        [
          teamId,
          changes.customerId ?? null,
          changes.subscriptionId ?? null,
          changes.checkoutSessionId ?? null,
          changes.trialUsed ?? null,
          changes.customerId !== undefined,
          changes.subscriptionId !== undefined,
          changes.checkoutSessionId !== undefined,
        ],
      );
      return (await this.findTeamBilling((row as { team_id: number }).team_id)) as TeamBillingRow;
    },

    async listTeamsWithSubscription(): Promise<number[]> {
      const rows = await db.query<{ team_id: number }>(
        `SELECT b.team_id FROM team_billing b JOIN teams t ON t.id = b.team_id
         WHERE b.subscription_id IS NOT NULL AND t.deleted_at IS NULL ORDER BY b.team_id`,
      );
      return rows.map((r) => r.team_id);
    },

    /** Records a webhook event as done; false when it was done before (a redelivery). */
    async markWebhookEventDone(eventId: string, type: string): Promise<boolean> {
      const rows = await db.query(
        'INSERT INTO billing_webhook_events (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
        [eventId, type],
      );
      return rows.length > 0;
    },

    async isWebhookEventDone(eventId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM billing_webhook_events WHERE event_id = $1', [eventId]);
      return rows.length > 0;
    },

    /** Records a free-upgrade request; false when this team asked for this plan before. */
    async addFreeUpgradeRequest(teamId: number, productCode: TeamPlan, teamUserId: number): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO billing_free_upgrade_requests (team_id, product_code, team_user_id) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [teamId, productCode, teamUserId],
      );
      return rows.length > 0;
    },

    /** The team's billing-driven fields, as the provider says they are now. */
    async applyTeamPlan(
      teamId: number,
      state: {
        plan: TeamPlan;
        trialEndAt: Date | null;
        cancelAt: Date | null;
        paymentProvider: 'stripe' | 'paddle' | null;
      },
    ): Promise<void> {
      await db.query(
        `UPDATE teams SET plan = $2, trial_status = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE 'in_progress' END,
           trial_end_at = $3, subscription_cancel_at = $4, payment_provider = COALESCE($5, payment_provider)
         WHERE id = $1`,
        [teamId, state.plan, state.trialEndAt, state.cancelAt, state.paymentProvider],
      );
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
