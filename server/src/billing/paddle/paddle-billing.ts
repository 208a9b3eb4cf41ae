import type { Invoice, PaymentProvider, Subscription } from '@domain/entities';
import { allowedPaymentProviders } from '@domain/payment-providers';
import type { Paddle } from '@paddle/paddle-node-sdk';

export interface PaddleSettings {
  /** PADDLE_API_KEY; null: Paddle is not configured and answers say so with empty data. */
  apiKey: string | null;
  /** PADDLE_CLIENT_TOKEN: what Paddle.js starts with in the browser. */
  clientToken: string | null;
  environment: 'sandbox' | 'production';
  /** DEFAULT_PAYMENT_PROVIDER, for the allowed-providers rule. */
  defaultProvider?: 'stripe' | 'paddle' | null;
}

const seconds = (iso: string | null | undefined) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);
const cents = (amount: string | null | undefined) => (amount ? Number.parseInt(amount, 10) || 0 : 0);

/**
 * The second provider (spec section 2 'payment-provider switch'): the team's Paddle data in the spec's
 * shapes, through @paddle/paddle-node-sdk. A team is linked to Paddle by its customer id there; with no
 * key configured, or no customer, Paddle has no subscription and no payments for the team.
 */
export function createPaddleBilling(settings: PaddleSettings) {
  const enabled = settings.apiKey !== null;
  // The SDK (about 30 MB resident once loaded) is imported on the first call that needs it, and only
  // with a key: most installations never configure Paddle (docs/decisions/023-memory-at-rest.md).
  let client: Promise<Paddle> | null = null;
  const paddle = (apiKey: string) => {
    client ??= import('@paddle/paddle-node-sdk').then(
      ({ Environment, Paddle }) =>
        new Paddle(apiKey, {
          environment: settings.environment === 'production' ? Environment.production : Environment.sandbox,
        }),
    );
    return client;
  };

  return {
    /** Paddle's settings, and the provider switch of the billing page for this team. */
    settings(teamProvider: PaymentProvider | null) {
      return {
        provider: 'paddle' as const,
        enabled,
        environment: settings.environment,
        clientToken: enabled ? settings.clientToken : null,
        currentProvider: teamProvider,
        allowedProviders: allowedPaymentProviders(teamProvider, settings.defaultProvider ?? null),
      };
    },

    async subscription(customerId: string | null): Promise<Subscription | null> {
      if (!settings.apiKey || !customerId) return null;
      const [found] = await (await paddle(settings.apiKey)).subscriptions
        .list({ customerId: [customerId], status: ['active', 'trialing', 'past_due'] })
        .next();
      if (!found) return null;
      const cancel =
        found.scheduledChange?.action === 'cancel' ? seconds(found.scheduledChange.effectiveAt) : null;
      const planId = (found.items[0]?.price.customData as { planId?: string } | null)?.planId;
      return {
        status: found.status,
        planId: planId ?? found.items[0]?.price.id ?? '',
        cancelAt: cancel,
        nextPaymentAt: cancel === null ? seconds(found.nextBilledAt) : null,
        nextPaymentAmount: null,
        nextPaymentProrations: [],
        trialEndAt: found.status === 'trialing' ? seconds(found.currentBillingPeriod?.endsAt) : null,
        pendingPaymentIntentSecret: null,
      };
    },

    async payments(customerId: string | null): Promise<Invoice[]> {
      if (!settings.apiKey || !customerId) return [];
      const transactions = await (await paddle(settings.apiKey)).transactions
        .list({ customerId: [customerId], status: ['billed', 'paid', 'completed', 'past_due'] })
        .next();
      return transactions.map((transaction) => ({
        id: transaction.id,
        date: seconds(transaction.billedAt ?? transaction.createdAt) ?? 0,
        number: transaction.invoiceNumber ?? '',
        status: transaction.status === 'past_due' ? 'open' : 'paid',
        amount: cents(transaction.details?.totals?.grandTotal),
        currency: transaction.currencyCode,
        payUrl: null,
        pdfUrl: null,
      }));
    },
  };
}

export type PaddleBilling = ReturnType<typeof createPaddleBilling>;
