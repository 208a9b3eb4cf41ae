import type Stripe from 'stripe';
import { attachPaymentMethod } from '../billing/payment-methods';
import { confirmSetupIntent, createSetupIntent } from '../billing/setup-intents';
import { productName } from '../billing/subscription-items';
import { updateSubscription } from '../billing/subscription-update';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, resourceMissing } from '../errors';
import { emit } from '../events';
import { newId } from '../ids';
import { reqStr, str } from '../params';
import type { RouteDef } from '../router';
import { find, get, getRow, list, put } from '../store';

/**
 * The Customer Portal: `POST /v1/billing_portal/sessions` as Stripe's, and the calls its hosted page
 * makes (sandbox-only, publishable key): read what the customer has, change the card, cancel a
 * subscription at the period's end. The session id in the page's address is what opens one customer,
 * as Stripe's portal URL is; a session lives an hour.
 */

const SESSION_LIFETIME = 3600;
const LIVE = new Set(['trialing', 'active', 'past_due', 'unpaid', 'incomplete']);

async function createSession(ctx: Ctx, params: Record<string, unknown>) {
  const customer = reqStr(params as never, 'customer');
  await get(ctx, customer, 'customer', 'customer');
  const returnUrl = str(params as never, 'return_url') ?? null;
  if (returnUrl && !/^https?:\/\//.test(returnUrl)) throw invalidRequest('Not a valid URL', 'return_url');
  const id = newId('bps');
  const created = await customerNow(ctx, customer);
  const session: Stripe.BillingPortal.Session = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_sandbox_default',
    created,
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${ctx.config.publicUrl()}/sandbox/stripe/portal/${id}`,
  };
  await put(ctx, session, { customer, internal: { expiresAt: created + SESSION_LIFETIME } });
  return session;
}

/** The session's customer, or 404 for an unknown or expired session (its link no longer opens). */
async function portalCustomer(
  ctx: Ctx,
  sessionId: string,
): Promise<{ session: Stripe.BillingPortal.Session; customer: Stripe.Customer }> {
  const row = await getRow<Stripe.BillingPortal.Session>(ctx, sessionId, 'billing_portal.session');
  const expiresAt = Number(row.internal.expiresAt ?? 0);
  if ((await customerNow(ctx, row.data.customer)) >= expiresAt)
    throw resourceMissing('billing portal session', sessionId);
  return { session: row.data, customer: await get<Stripe.Customer>(ctx, row.data.customer, 'customer') };
}

const cardOf = (pm: Stripe.PaymentMethod | null) =>
  pm?.card
    ? { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year }
    : null;

async function liveSubscriptions(ctx: Ctx, customerId: string) {
  return (await list<Stripe.Subscription>(ctx, 'subscription', customerId)).filter((s) => LIVE.has(s.status));
}

async function portalPage(ctx: Ctx, sessionId: string) {
  const { session, customer } = await portalCustomer(ctx, sessionId);
  const defaultPm = customer.invoice_settings?.default_payment_method;
  const pm =
    typeof defaultPm === 'string' ? await find<Stripe.PaymentMethod>(ctx, defaultPm, 'payment_method') : null;
  const subscriptions = [];
  for (const sub of await liveSubscriptions(ctx, customer.id)) {
    const item = sub.items.data[0];
    subscriptions.push({
      id: sub.id,
      status: sub.status,
      name: item ? await productName(ctx, item.price) : '',
      amount: item?.price.unit_amount ?? 0,
      currency: item?.price.currency ?? 'usd',
      interval: item?.price.recurring?.interval ?? null,
      current_period_end: item?.current_period_end ?? null,
      trial_end: sub.status === 'trialing' ? sub.trial_end : null,
      cancel_at_period_end: sub.cancel_at_period_end,
      cancel_at: sub.cancel_at,
    });
  }
  const invoices = (await list<Stripe.Invoice>(ctx, 'invoice', customer.id))
    .filter((invoice) => invoice.status !== 'draft')
    .sort((a, b) => b.created - a.created)
    .map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      created: invoice.created,
      status: invoice.status,
      total: invoice.total,
      currency: invoice.currency,
      hosted_invoice_url: invoice.hosted_invoice_url ?? null,
      invoice_pdf: invoice.invoice_pdf ?? null,
    }));
  return {
    id: session.id,
    object: 'portal_page',
    return_url: session.return_url,
    customer: { name: customer.name ?? null, email: customer.email ?? null },
    card: cardOf(pm),
    subscriptions,
    invoices,
  };
}

/**
 * 'Update payment method' as Stripe's portal does it: the card is set up through a SetupIntent, so a
 * declined card is refused (402, as Stripe.js shows it) and one that asks for 3-D Secure is
 * challenged first: the answer then carries the challenge, and the page comes back with the intent
 * (`setup_intent`), whose card becomes the default once it has succeeded.
 */
async function changeCard(ctx: Ctx, sessionId: string, params: Record<string, unknown>) {
  const { customer } = await portalCustomer(ctx, sessionId);
  const setupIntentId = str(params as never, 'setup_intent');
  if (setupIntentId) return makeSetUpCardDefault(ctx, customer, setupIntentId);
  const paymentMethod = reqStr(params as never, 'payment_method');
  const returnUrl = str(params as never, 'return_url') ?? null;
  if (returnUrl && !/^https?:\/\//.test(returnUrl)) throw invalidRequest('Not a valid URL', 'return_url');
  const created = await createSetupIntent(ctx, { customer: customer.id, usage: 'off_session' });
  const si = await confirmSetupIntent(ctx, created.id, { paymentMethod, returnUrl, throwOnDecline: true });
  if (si.status === 'requires_action') return { status: si.status, next_action: si.next_action };
  return makeSetUpCardDefault(ctx, customer, si.id);
}

/** The card of the customer's own succeeded SetupIntent becomes their default and their subscriptions'. */
async function makeSetUpCardDefault(ctx: Ctx, customer: Stripe.Customer, setupIntentId: string) {
  const si = await find<Stripe.SetupIntent>(ctx, setupIntentId, 'setup_intent');
  // Another customer's intent is as unknown as a missing one; an unfinished one sets nothing up.
  if (!si || si.customer !== customer.id)
    throw resourceMissing('setup_intent', setupIntentId, 'setup_intent');
  if (si.status !== 'succeeded' || typeof si.payment_method !== 'string') {
    throw invalidRequest(
      'This card was not set up: its authentication did not succeed.',
      'setup_intent',
      'setup_intent_unexpected_state',
    );
  }
  const attached = await get<Stripe.PaymentMethod>(ctx, si.payment_method, 'payment_method');
  if (attached.customer !== customer.id) await attachPaymentMethod(ctx, attached.id, customer.id);
  const updated = await put(ctx, {
    ...customer,
    invoice_settings: { ...customer.invoice_settings, default_payment_method: attached.id },
  });
  await emit(ctx, 'customer.updated', updated, { invoice_settings: customer.invoice_settings });
  for (const sub of await liveSubscriptions(ctx, customer.id)) {
    await updateSubscription(ctx, sub.id, { default_payment_method: attached.id });
  }
  return { status: 'succeeded', card: cardOf(attached) };
}

/** The customer's own live subscription, or 404 as for a missing one. */
async function ownSubscription(ctx: Ctx, customer: Stripe.Customer, params: Record<string, unknown>) {
  const subscriptionId = reqStr(params as never, 'subscription');
  const sub = await find<Stripe.Subscription>(ctx, subscriptionId, 'subscription');
  // Another customer's subscription is as unknown as a missing one.
  if (!sub || sub.customer !== customer.id || !LIVE.has(sub.status))
    throw resourceMissing('subscription', subscriptionId, 'subscription', 404);
  return sub;
}

/** Cancels at the period's end, as the portal's default configuration does. */
async function cancel(ctx: Ctx, sessionId: string, params: Record<string, unknown>) {
  const { customer } = await portalCustomer(ctx, sessionId);
  const sub = await ownSubscription(ctx, customer, params);
  return updateSubscription(ctx, sub.id, { cancel_at_period_end: 'true' });
}

/** 'Renew plan': takes back a cancellation at the period's end, before the period ends. */
async function renew(ctx: Ctx, sessionId: string, params: Record<string, unknown>) {
  const { customer } = await portalCustomer(ctx, sessionId);
  const sub = await ownSubscription(ctx, customer, params);
  return updateSubscription(ctx, sub.id, { cancel_at_period_end: 'false' });
}

export const billingPortalRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    auth: 'secret',
    accepts: ['customer', 'return_url', 'configuration', 'locale', 'on_behalf_of', 'flow_data'],
    handler: (ctx, { params }) => createSession(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/sandbox/portal/:id',
    auth: 'publishable',
    raw: true,
    handler: (ctx, { path }) => portalPage(ctx, path.id ?? ''),
  },
  {
    method: 'POST',
    path: '/v1/sandbox/portal/:id/card',
    auth: 'publishable',
    raw: true,
    accepts: ['payment_method', 'setup_intent', 'return_url'],
    handler: (ctx, { path, params }) => changeCard(ctx, path.id ?? '', params),
  },
  {
    method: 'POST',
    path: '/v1/sandbox/portal/:id/cancel',
    auth: 'publishable',
    raw: true,
    accepts: ['subscription'],
    handler: (ctx, { path, params }) => cancel(ctx, path.id ?? '', params),
  },
  {
    method: 'POST',
    path: '/v1/sandbox/portal/:id/renew',
    auth: 'publishable',
    raw: true,
    accepts: ['subscription'],
    handler: (ctx, { path, params }) => renew(ctx, path.id ?? '', params),
  },
];
