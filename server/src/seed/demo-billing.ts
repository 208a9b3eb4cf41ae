import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeSettings } from '../billing/stripe/stripe-provider';
import { createRepositories } from '../db/repositories';
import { demoAccounts, demoTeams } from './demo-data';

// The demo world's billing, made through the Stripe SDK like any customer's, so the demo
// shows what the provider really holds. Extend it, never rename it.

export const demoBilling = {
  acme: {
    planId: 'premium_365',
    address: { line1: 'Friedrichstraße 68', city: 'Berlin', postal_code: '10117', country: 'DE' },
    vatId: 'DE123456789',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    /** Two one-off invoices beside the subscription's own: one paid, one left open (payUrl). */
    extraInvoices: [
      { description: 'Onboarding session', amount: 4900, pay: true },
      { description: 'Additional storage (100 GB)', amount: 1500, pay: false },
    ],
  },
  trial: { planId: 'premium_365' },
  /** A promotion code anyone can try at the Confirmation step: 10% off the next invoice, once. */
  promotionCode: { code: 'WELCOME10', percentOff: 10 },
} as const;

async function teamIdByName(app: FastifyInstance, name: string): Promise<number | null> {
  const [team] = await app.repos.teams.findByName(name);
  return team?.id ?? null;
}

/**
 * The promotion code WELCOME10 (10% off, once). Acme Inc: an annual premium subscription paid by a Visa ending 4242 (12 / 30), a customer in Germany
 * with a VAT id, three invoices (two paid, one open). Trial Tech: a premium subscription trialing until
 * the team's trial end, no card (it ends with the trial). Basic Bakery: nothing at the provider.
 */
export async function seedDemoBilling(app: FastifyInstance, settings: StripeSettings): Promise<void> {
  const stripe = new Stripe(settings.secretKey, { telemetry: false, ...(settings.endpoint?.() ?? {}) });
  const repos = createRepositories(app.db);
  const priceId = async (lookupKey: string) => {
    const { data } = await stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 });
    if (!data[0]) throw new Error(`demo billing: no price ${lookupKey}`);
    return data[0].id;
  };

  const promotion = demoBilling.promotionCode;
  const { data: existingCodes } = await stripe.promotionCodes.list({ code: promotion.code, limit: 1 });
  if (existingCodes.length === 0) {
    const coupon = await stripe.coupons.create({
      percent_off: promotion.percentOff,
      duration: 'once',
      name: `${promotion.percentOff}% off`,
    });
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: promotion.code,
    });
  }

  const acmeId = await teamIdByName(app, demoTeams.acme.name);
  if (acmeId !== null && !(await repos.billing.findTeamBilling(acmeId))?.customerId) {
    const plan = demoBilling.acme;
    const customer = await stripe.customers.create({
      name: demoTeams.acme.name,
      email: demoAccounts.olivia.email,
      address: plan.address,
      tax_exempt: 'reverse',
      metadata: { teamId: String(acmeId) },
    });
    await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: plan.vatId });
    const card = await stripe.paymentMethods.create({ type: 'card', card: plan.card });
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await priceId(plan.planId), quantity: Math.max(1, await repos.seats.count(acmeId)) }],
      default_payment_method: card.id,
      metadata: { teamId: String(acmeId) },
    });
    for (const extra of plan.extraInvoices) {
      const invoice = await stripe.invoices.create({
        customer: customer.id,
        auto_advance: false,
        collection_method: 'charge_automatically',
        pending_invoice_items_behavior: 'exclude',
      });
      await stripe.invoiceItems.create({
        customer: customer.id,
        invoice: invoice.id,
        amount: extra.amount,
        currency: 'usd',
        description: extra.description,
      });
      await stripe.invoices.finalizeInvoice(invoice.id as string, { auto_advance: false });
      if (extra.pay) await stripe.invoices.pay(invoice.id as string, { payment_method: card.id });
    }
    await repos.billing.saveTeamBilling(acmeId, {
      customerId: customer.id,
      subscriptionId: subscription.id,
      trialUsed: true,
    });
    await app.billing.sync.syncTeam(acmeId);
  }

  const trialId = await teamIdByName(app, demoTeams.trial.name);
  const trialTeam = trialId === null ? null : await app.repos.teams.findById(trialId);
  if (trialTeam && !(await repos.billing.findTeamBilling(trialTeam.id))?.customerId) {
    const customer = await stripe.customers.create({
      name: demoTeams.trial.name,
      email: demoAccounts.tara.email,
      metadata: { teamId: String(trialTeam.id) },
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [
        {
          price: await priceId(demoBilling.trial.planId),
          quantity: Math.max(1, await repos.seats.count(trialTeam.id)),
        },
      ],
      // The team's own trial end, so the team and the provider agree to the second.
      trial_end: trialTeam.trialEndAt ?? Math.floor(Date.now() / 1000) + 10 * 86_400,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      metadata: { teamId: String(trialTeam.id) },
    });
    await repos.billing.saveTeamBilling(trialTeam.id, {
      customerId: customer.id,
      subscriptionId: subscription.id,
      trialUsed: true,
    });
    await app.billing.sync.syncTeam(trialTeam.id);
  }
}
