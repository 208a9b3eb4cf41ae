// The second provider's calls (docs/api.md, billing-paddle): what the billing page reads for a team
// whose provider in effect is Paddle, and what its flows change through the product's server. The
// settings, which every billing page reads, are in team-billing.ts: this module loads only for Paddle.
import type { ApiClient } from '@/api/client';
import type { Billing, Card, Invoice, Preview, Product, Subscription } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

const paddle = (ref: TeamUserRef, path: string) =>
  `/api/v1/collab/${formatTeamUserRef(ref)}/billing-paddle${path}`;
const usage = (ref: TeamUserRef) => `/api/v1/collab/${formatTeamUserRef(ref)}/billing/usage`;
const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export type PaddleSubscription = Subscription & { card: Card | null };

/** What Paddle.js `Checkout.open` takes for a new subscription. */
export interface PaddleCheckoutOrder {
  priceId: string;
  quantity: number;
  customer: { email: string } | { id: string };
  customData: Record<string, unknown>;
}

export const getPaddlePlans = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Product[]>(paddle(ref, '/plans'), withSignal(signal));

export const getPaddleSubscription = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<PaddleSubscription | null>(paddle(ref, '/subscription'), withSignal(signal));

export const getPaddlePayments = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Invoice[]>(paddle(ref, '/payments'), withSignal(signal));

export const getUsage = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Billing['usage']>(usage(ref), withSignal(signal));

/** Reads the subscription and the usage, and composes them as the page's Billing. */
export async function getPaddleBilling(
  api: ApiClient,
  ref: TeamUserRef,
  signal?: AbortSignal,
): Promise<Billing> {
  const [subscription, users] = await Promise.all([
    getPaddleSubscription(api, ref, signal),
    getUsage(api, ref, signal),
  ]);
  return paddleBilling(subscription, users);
}

/** The page's Billing from Paddle's answers: Paddle keeps the customer, so none shows. */
export function paddleBilling(subscription: PaddleSubscription | null, users: Billing['usage']): Billing {
  if (!subscription) return { customer: null, card: null, subscription: null, usage: users };
  const { card, ...rest } = subscription;
  return { customer: null, card: card ?? null, subscription: rest, usage: users };
}

export const createPaddleCheckout = (api: ApiClient, ref: TeamUserRef, planId: string) =>
  api.post<PaddleCheckoutOrder>(paddle(ref, '/checkout'), { json: { planId } });

export const previewPaddlePlan = (api: ApiClient, ref: TeamUserRef, planId: string) =>
  api.post<Preview>(paddle(ref, '/preview'), { json: { planId } });

/** A plan change; Basic's id cancels at the period's end, the current id renews a cancelled one. */
export const changePaddlePlan = (api: ApiClient, ref: TeamUserRef, planId: string) =>
  api.put<Billing>(paddle(ref, '/plan'), { json: { planId } });

/** Paddle's update-payment-method transaction, for Paddle.js to open. */
export const createPaddleCardTransaction = (api: ApiClient, ref: TeamUserRef) =>
  api.post<{ transactionId: string }>(paddle(ref, '/card'));
