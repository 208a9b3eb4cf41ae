import type { Card, Invoice, PaymentProvider, Subscription, Team } from '@domain/entities';
import { allowedPaymentProviders } from '@domain/payment-providers';
import { ItemNotFoundError } from '../../errors';
import { syncPaddleCatalogue } from './paddle-catalogue';
import { createPaddleChanges } from './paddle-changes';
import { type PaddleSettings, paddleRequestErrorOf } from './paddle-client';
import { cardOf, toInvoice, toSubscription } from './paddle-mapping';
import { createPaddleSeats } from './paddle-seats';
import { appliedAt, createPaddleTeamBase, type PaddleDeps, stateOf } from './paddle-team-base';
import { createPaddleWebhooks } from './paddle-webhooks';

/**
 * The second provider (spec section 2 'payment-provider switch'): a Paddle team's billing through
 * @paddle/paddle-node-sdk, at real Paddle with PADDLE_API_KEY or at the built-in sandbox. Each
 * capability lives in its own file (paddle-*.ts); this wires them over one shared base and answers
 * the reads.
 */
export function createPaddleBilling(settings: PaddleSettings, deps: PaddleDeps) {
  const base = createPaddleTeamBase(settings, deps);
  const { client, repos } = base;

  /** The newest paid transactions of the team's customer, newest first. */
  async function transactions(teamId: number) {
    const link = await repos.paddleBilling.findLink(teamId);
    const customerId = link?.customerId;
    if (!client.configured || !customerId) return [];
    return client.call((paddle) =>
      paddle.transactions
        .list({
          customerId: [customerId],
          status: ['billed', 'paid', 'completed', 'past_due'],
          orderBy: 'created_at[DESC]',
          perPage: 50,
        })
        .next(),
    );
  }

  return {
    /** Paddle's settings, and the provider switch of the billing page for this team. */
    settings(teamProvider: PaymentProvider | null) {
      return {
        provider: 'paddle' as const,
        enabled: client.configured,
        environment: settings.environment,
        clientToken: client.configured ? settings.clientToken : null,
        scriptUrl: client.configured ? (settings.standIn?.scriptUrl ?? null) : null,
        currentProvider: teamProvider,
        allowedProviders: allowedPaymentProviders(teamProvider, settings.defaultProvider ?? null),
      };
    },

    /** The team's live subscription at Paddle, with the card its latest payment used. */
    async subscription(team: Team): Promise<(Subscription & { card: Card | null }) | null> {
      const live = await base.liveSubscription(team.id);
      if (!live) return null;
      const paid = (await transactions(team.id)).filter((t) => t.subscriptionId === live.id);
      const card = paid.map(cardOf).find((c) => c !== null) ?? null;
      return { ...toSubscription(live), card };
    },

    /**
     * The team's Paddle transactions as invoices; `ref` is the `{tid}-{uid}` the links carry. A card
     * change's transaction charges nothing and bills nothing, so it is no invoice.
     */
    async payments(team: Team, ref: string): Promise<Invoice[]> {
      const invoiceBase = `/api/v1/collab/${ref}/billing-paddle/payments`;
      return (await transactions(team.id))
        .filter((t) => t.origin !== 'subscription_payment_method_change')
        .map((t) => toInvoice(t, invoiceBase));
    },

    /** Paddle's short-lived URL of one of the team's invoice PDFs; another team's id is not found. */
    async invoiceUrl(team: Team, transactionId: string): Promise<string> {
      const customerId = (await repos.paddleBilling.findLink(team.id))?.customerId;
      if (!client.configured || !customerId) throw new ItemNotFoundError();
      // Paddle's 404 for an id it does not know is ours too; its being unreachable stays a 503.
      const transaction = await client
        .call((paddle) => paddle.transactions.get(transactionId))
        .catch((error: unknown) => {
          if (paddleRequestErrorOf(error)) return null;
          throw error;
        });
      if (!transaction || transaction.customerId !== customerId) throw new ItemNotFoundError();
      const pdf = await client.call((paddle) => paddle.transactions.getInvoicePDF(transactionId));
      return pdf.url;
    },

    /**
     * Makes the team follow a subscription the server itself knows to be the team's (the demo's
     * checkout), without waiting for its webhook; answers the subscription.
     */
    async adoptSubscription(teamId: number, subscriptionId: string) {
      const subscription = await client.call((paddle) => paddle.subscriptions.get(subscriptionId));
      await deps.db.transaction((tx) =>
        base.applySubscription(tx, teamId, stateOf(subscription), appliedAt(subscription)),
      );
      return subscription;
    },

    /** One call with the SDK, for the demo data (made through the SDK like any customer's). */
    sdk: client.call,

    ...createPaddleChanges(base),
    ...createPaddleWebhooks(base),
    ...createPaddleSeats(base),

    /** The catalogue's plans as Paddle products and prices (at start, and after a sandbox reset). */
    async syncCatalogue(): Promise<void> {
      await syncPaddleCatalogue(
        client,
        await repos.billing.listProducts(),
        await repos.billing.listPaidPrices(),
      );
    },
  };
}

export type PaddleBilling = ReturnType<typeof createPaddleBilling>;
