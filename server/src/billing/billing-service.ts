import { randomUUID } from 'node:crypto';
import { customerFieldErrors, normalizeCustomer } from '../../../src/domain/billing-customer';
import type {
  Billing,
  Card,
  Customer,
  Invoice,
  Preview,
  Product,
  Subscription,
} from '../../../src/domain/entities';
import type { Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import type { CataloguePrice } from '../db/repositories/billing.repository';
import { ItemNotFoundError, ValidationError } from '../errors';
import { eventPerson, TeamEventType } from '../events/team-event';
import { type BillingDeps, LIVE_STATUSES, productCodeOf, recordTeamEvent } from './billing-deps';
import { PaymentFailedError } from './billing-errors';
import { appReturnUrls, type CheckoutReturn, type CheckoutReturnUrls } from './checkout-return';
import type { PersonalBillingService } from './personal-billing-service';
import type { InvoiceDetail, ProviderSubscription } from './provider';
import { taxCountryFor } from './tax';
import { createTeamBillingSync } from './team-billing-sync';
import { createTrialNotices } from './trial-notices';

/** Spec section 9: the free trial of a team's first subscription. */
export const TRIAL_DAYS = 14;

const planIdError = (message = 'is invalid') => new ValidationError([{ field: 'planId', message }]);

/** The spec's Subscription from the provider's; ended ones are no subscription at all. */
async function toSubscription(deps: BillingDeps, subscription: ProviderSubscription | null) {
  if (!subscription || !(LIVE_STATUSES.has(subscription.status) || subscription.status === 'incomplete')) {
    return null;
  }
  const nextPaymentAt =
    subscription.cancelAt !== null || subscription.status === 'incomplete'
      ? null
      : (subscription.trialEndAt ?? subscription.currentPeriodEnd);
  const result: Subscription = {
    status: subscription.status,
    planId: subscription.planId ?? '',
    cancelAt: subscription.cancelAt,
    nextPaymentAt,
    nextPaymentAmount: nextPaymentAt === null ? null : await deps.provider.nextPaymentAmount(subscription),
    trialEndAt: subscription.trialEndAt,
    pendingPaymentIntentSecret: subscription.pendingPaymentIntentSecret,
  };
  return result;
}

/**
 * Team billing (spec section 7 'Team billing'): every call of the billing routes, for the owner the
 * routes already checked. The provider holds the money; this decides what to ask of it, records a team
 * event for each change and keeps the team's plan fields in step (team-billing-sync.ts).
 */
export function createBillingService(
  deps: BillingDeps,
  // Personal billing shares the provider's webhooks and the start-up sync (issue 12).
  others: { personal?: Pick<PersonalBillingService, 'handleProviderObject' | 'syncCatalogue'> } = {},
) {
  const repos = createRepositories(deps.db);
  const sync = createTeamBillingSync(deps);
  const notices = createTrialNotices(deps);

  async function paidPrice(
    planId: string,
    currentPlanId: string | null = null,
    legacyToo = false,
  ): Promise<CataloguePrice> {
    const price = await repos.billing.findPrice(planId);
    if (!price || price.amount === 0) throw planIdError();
    const product = (await repos.billing.listProducts()).find((p) => p.code === price.productCode);
    // A legacy plan (premium) is kept by the teams on it, never sold anew, except through web sign-up
    // (its links name premium_365 by default, spec section 9).
    const current = currentPlanId ? productCodeOf(currentPlanId) : null;
    if (!product || (!product.offered && product.code !== current && !legacyToo)) throw planIdError();
    return price;
  }

  /** The team's customer at the provider, made on first need with the team's name and owner's email. */
  async function ensureCustomer({ team, teamUser }: Membership): Promise<string> {
    const link = await repos.billing.findTeamBilling(team.id);
    if (link?.customerId) return link.customerId;
    const customerId = await deps.provider.createCustomer(
      { teamId: team.id, name: team.name, email: teamUser.email },
      `customer:team-${team.id}`,
    );
    await repos.billing.saveTeamBilling(team.id, { customerId });
    return customerId;
  }

  async function taxRateFor(customer: Customer | null): Promise<{ ids: string[]; percent: number }> {
    const country = taxCountryFor(customer);
    const rate = country ? await repos.billing.findTaxRate(country) : null;
    if (!rate || rate.percent === 0) return { ids: [], percent: 0 };
    let id = rate.providerId;
    if (!id) {
      id = await deps.provider.ensureTaxRate(rate);
      await repos.billing.saveTaxRateProviderId(rate.country, id);
    }
    return { ids: [id], percent: rate.percent };
  }

  /** The team's live (or incomplete) subscription, read from the provider now. */
  async function currentSubscription(teamId: number): Promise<ProviderSubscription | null> {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.subscriptionId) return null;
    const subscription = await deps.provider.getSubscription(link.subscriptionId);
    return subscription && (LIVE_STATUSES.has(subscription.status) || subscription.status === 'incomplete')
      ? subscription
      : null;
  }

  /**
   * Back from the hosted checkout before its webhook: the session itself says whether it completed.
   * Answers the session while it is still open (a second click may reuse it).
   */
  async function settleCheckout(teamId: number) {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.checkoutSessionId) return null;
    const session = await deps.provider.getCheckout(link.checkoutSessionId);
    if (session?.status === 'open') return session;
    await repos.billing.saveTeamBilling(teamId, { checkoutSessionId: null });
    if (session?.status === 'complete') await sync.syncTeam(teamId);
    return null;
  }

  async function getBilling(membership: Membership): Promise<Billing> {
    const teamId = membership.team.id;
    await settleCheckout(teamId);
    const link = await repos.billing.findTeamBilling(teamId);
    // Independent reads at the provider go out together: the page waits for the slowest, not the sum.
    const [details, subscription, usersCnt] = await Promise.all([
      link?.customerId ? deps.provider.getCustomer(link.customerId) : null,
      currentSubscription(teamId).then((current) => toSubscription(deps, current)),
      repos.seats.count(teamId),
    ]);
    return {
      customer: details?.customer ?? null,
      card: details?.card ?? null,
      subscription,
      usage: { usersCnt },
    };
  }

  async function actorEvent(membership: Membership, type: string, data: Record<string, unknown> = {}) {
    await recordTeamEvent(deps, {
      teamId: membership.team.id,
      type,
      data: { actor: eventPerson(membership.teamUser), ...data },
    });
  }

  return {
    sync,
    getBilling,

    async usage(teamId: number) {
      return { usersCnt: await repos.seats.count(teamId) };
    },

    /** Basic, the plans on sale, and the team's own plan even when it is legacy (premium). */
    async plans(membership: Membership): Promise<Product[]> {
      const products = await repos.billing.listProducts();
      return products
        .filter((p) => p.offered || p.code === membership.team.plan)
        .map(({ offered: _, ...product }) => product);
    },

    async invoices(teamId: number): Promise<Invoice[]> {
      const link = await repos.billing.findTeamBilling(teamId);
      return link?.customerId ? deps.provider.listInvoices(link.customerId) : [];
    },

    /** One of the team's own invoices, never another customer's (404 2200 either way). */
    async invoice(teamId: number, invoiceId: string): Promise<InvoiceDetail> {
      const link = await repos.billing.findTeamBilling(teamId);
      const invoice = link?.customerId ? await deps.provider.getInvoice(invoiceId) : null;
      if (!invoice || invoice.customerId !== link?.customerId || invoice.status === 'draft') {
        throw new ItemNotFoundError();
      }
      return invoice;
    },

    async preview(membership: Membership, planId: string, coupon: string | null): Promise<Preview> {
      const teamId = membership.team.id;
      const subscription = await currentSubscription(teamId);
      const price = await paidPrice(planId, subscription?.planId ?? null);
      const promotionCodeId = coupon ? await deps.provider.findPromotionCode(coupon) : null;
      if (coupon && !promotionCodeId) throw new ValidationError([{ field: 'coupon', message: 'is invalid' }]);
      const link = await repos.billing.findTeamBilling(teamId);
      const customer = link?.customerId ? (await deps.provider.getCustomer(link.customerId)).customer : null;
      const tax = await taxRateFor(customer);
      const preview = await deps.provider.preview({
        customerId: link?.customerId ?? null,
        subscription: subscription && LIVE_STATUSES.has(subscription.status) ? subscription : null,
        priceId: price.id,
        quantity: Math.max(1, await repos.seats.count(teamId)),
        promotionCodeId,
        taxRateIds: tax.ids,
        country: customer?.country ?? null,
      });
      return { ...preview, taxPercent: preview.tax > 0 ? tax.percent : 0 };
    },

    async updateCustomer(membership: Membership, input: Customer): Promise<Customer> {
      const customer = normalizeCustomer(input);
      const errors = customerFieldErrors(customer);
      if (errors.length > 0) throw new ValidationError(errors);
      return sync.withTeamLock(membership.team.id, async () => {
        const customerId = await ensureCustomer(membership);
        await deps.provider.updateCustomer(customerId, customer);
        const subscription = await currentSubscription(membership.team.id);
        if (subscription) await deps.provider.setTaxRates(subscription.id, (await taxRateFor(customer)).ids);
        await actorEvent(membership, TeamEventType.billingCustomerUpdated, { country: customer.country });
        return (await deps.provider.getCustomer(customerId)).customer ?? customer;
      });
    },

    async setCard(membership: Membership, paymentMethodId: string): Promise<Card> {
      return sync.withTeamLock(membership.team.id, async () => {
        const customerId = await ensureCustomer(membership);
        const card = await deps.provider.setDefaultCard(
          customerId,
          paymentMethodId,
          await currentSubscription(membership.team.id),
        );
        await actorEvent(membership, TeamEventType.billingCardUpdated, {
          brand: card.brand,
          last4: card.last4,
        });
        await sync.syncTeam(membership.team.id);
        return card;
      });
    },

    async createSetupIntent(membership: Membership): Promise<{ clientSecret: string }> {
      const customerId = await ensureCustomer(membership);
      // Nothing is charged by a setup intent, so each click may have its own.
      return {
        clientSecret: await deps.provider.createSetupIntent(customerId, `setup-intent:${randomUUID()}`),
      };
    },

    /**
     * A hosted checkout for a team without a subscription; the browser goes to the returned URL.
     * `returnTo`: back to the billing page ('console', the default), to the app through a
     * /back-to-app key ('app'), or to given URLs: web sign-up returns elsewhere, and may sell the
     * legacy plan its links name.
     */
    async checkout(
      membership: Membership,
      planId: string,
      returnPlanId: string,
      returnTo: CheckoutReturn | CheckoutReturnUrls = 'console',
    ): Promise<{ url: string }> {
      const { team, teamUser } = membership;
      const price = await paidPrice(planId, null, typeof returnTo === 'object');
      if (returnPlanId !== planId) await paidPrice(returnPlanId);
      return sync.withTeamLock(team.id, async () => {
        const open = await settleCheckout(team.id);
        const existing = await currentSubscription(team.id);
        if (existing && LIVE_STATUSES.has(existing.status)) throw planIdError('already has a subscription');
        const quantity = Math.max(1, await repos.seats.count(team.id));
        // A double click, a second tab or a reload gets the checkout already open for the same plan.
        if (open?.url && open.planId === price.id && open.quantity === quantity) return { url: open.url };
        // Another plan or seat count: the older checkout is closed, so two tabs can never both pay
        // and leave the team with two subscriptions.
        const previous = (await repos.billing.findTeamBilling(team.id))?.checkoutSessionId;
        if (open && previous) await deps.provider.expireCheckout(previous);
        const customerId = await ensureCustomer(membership);
        const link = await repos.billing.findTeamBilling(team.id);
        const customer = (await deps.provider.getCustomer(customerId)).customer;
        const trialDays = link?.trialUsed ? null : TRIAL_DAYS;
        const billingUrl = `${deps.publicUrl()}/teams/${team.id}-${teamUser.id}/billing`;
        const query = (result: string) =>
          `?result=${result}&mode=checkout&planId=${encodeURIComponent(returnPlanId)}`;
        // A retried request gets the same session back (idempotency replay).
        const minute = Math.floor(deps.clock.now().getTime() / 60_000);
        const session = await deps.provider.createCheckout(
          {
            teamId: team.id,
            customerId,
            priceId: price.id,
            quantity,
            trialDays,
            taxRateIds: (await taxRateFor(customer)).ids,
            ...(typeof returnTo === 'object'
              ? returnTo
              : returnTo === 'app'
                ? await appReturnUrls(deps, { teamId: team.id, userId: teamUser.id, planId: returnPlanId })
                : {
                    successUrl: `${billingUrl}${query('success')}&session_id={CHECKOUT_SESSION_ID}`,
                    cancelUrl: `${billingUrl}${query('cancel')}`,
                  }),
          },
          `checkout:${team.id}:${price.id}:${quantity}:${trialDays ?? 0}:${minute}${typeof returnTo === 'object' ? ':web' : returnTo === 'app' ? ':app' : ''}`,
        );
        await repos.billing.saveTeamBilling(team.id, { checkoutSessionId: session.id });
        await actorEvent(membership, TeamEventType.billingCheckoutStarted, { planId: price.id });
        return { url: session.url };
      });
    },

    /**
     * PUT plan: a basic plan id cancels at the period's end, the current plan renews a cancelled
     * subscription, another paid plan changes it (proration charged now).
     */
    async changePlan(membership: Membership, planId: string, coupon: string | null): Promise<Billing> {
      const teamId = membership.team.id;
      const target = await repos.billing.findPrice(planId);
      if (!target) throw planIdError();
      await sync.withTeamLock(teamId, async () => {
        const subscription = await currentSubscription(teamId);
        if (!subscription || !LIVE_STATUSES.has(subscription.status))
          throw planIdError('needs a subscription');
        const key = `plan:${subscription.id}:${planId}:${coupon ?? ''}:${await repos.billing.changeCounter(teamId)}`;
        if (target.amount === 0) {
          if (subscription.cancelAt === null) {
            await deps.provider.setCancelAtPeriodEnd(subscription.id, true, `${key}:cancel`);
            await actorEvent(membership, TeamEventType.billingSubscriptionCancelled, {
              planId: subscription.planId,
            });
          }
        } else if (target.id === subscription.planId && !coupon) {
          if (subscription.cancelAt !== null) {
            await deps.provider.setCancelAtPeriodEnd(subscription.id, false, `${key}:renew`);
            await actorEvent(membership, TeamEventType.billingSubscriptionRenewed, {
              planId: subscription.planId,
            });
          }
        } else {
          const price = await paidPrice(planId, subscription.planId);
          const promotionCodeId = coupon ? await deps.provider.findPromotionCode(coupon) : null;
          if (coupon && !promotionCodeId)
            throw new ValidationError([{ field: 'coupon', message: 'is invalid' }]);
          const result = await deps.provider.changePlan(
            {
              subscription,
              priceId: price.id,
              quantity: Math.max(1, await repos.seats.count(teamId)),
              promotionCodeId,
            },
            key,
          );
          if (result.outcome === 'declined') {
            throw new PaymentFailedError(result.message, result.code, result.declineCode);
          }
          await actorEvent(
            membership,
            result.outcome === 'applied'
              ? TeamEventType.billingPlanChanged
              : TeamEventType.billingPlanChangePending,
            { from: subscription.planId, to: price.id },
          );
        }
        await sync.syncTeam(teamId);
      });
      return getBilling(membership);
    },

    /** Recorded and mailed to the operator once per team and plan; asking again changes nothing. */
    async requestFreeUpgrade(membership: Membership, planId: string): Promise<void> {
      const price = await repos.billing.findPrice(planId);
      const product = price && (await repos.billing.listProducts()).find((p) => p.code === price.productCode);
      if (!price || !product?.showFreeUpgrade) throw planIdError();
      const { team, teamUser } = membership;
      const isNew = await repos.billing.addFreeUpgradeRequest(team.id, product.code, teamUser.id);
      if (!isNew) return;
      await actorEvent(membership, TeamEventType.billingFreeUpgradeRequested, { planId });
      const text =
        `${teamUser.fullName || teamUser.email} <${teamUser.email}> asks for a free upgrade of the team ` +
        `"${team.name}" (id ${team.id}, ${team.usersCnt} seats, now on ${team.plan}) to ${product.title} (${planId}).\n`;
      if (!deps.operatorEmail) {
        deps.log.info(
          { teamId: team.id, planId },
          'free upgrade requested (OPERATOR_EMAIL unset: not mailed)',
        );
        return;
      }
      try {
        await deps.mailer.send({
          to: deps.operatorEmail,
          subject: `Free upgrade request: ${team.name}`,
          text,
        });
      } catch (error) {
        deps.log.error({ err: error, teamId: team.id }, 'free upgrade request not mailed');
      }
    },

    /** A verified webhook: done once per event id; it only makes the team look at its provider again. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const event = deps.provider.verifyWebhook(rawBody, signature);
      if (await repos.billing.isWebhookEventDone(event.id)) return;
      const teamId =
        (await repos.billing.findTeamIdByProviderObject(event.customerId, event.subscriptionId)) ?? null;
      if (teamId !== null) {
        if (event.type === 'checkout.session.completed' && event.checkoutSessionId) {
          const link = await repos.billing.findTeamBilling(teamId);
          if (link?.checkoutSessionId === event.checkoutSessionId) {
            await repos.billing.saveTeamBilling(teamId, { checkoutSessionId: null });
          }
        }
        await notices.followTeamWebhook(teamId, event, () => sync.syncTeam(teamId));
      } else {
        await others.personal?.handleProviderObject(event.customerId, event.subscriptionId);
      }
      await repos.billing.markWebhookEventDone(event.id, event.type);
    },

    /**
     * A deleted team is billed no more: its live subscription ends now. The team is already gone, so
     * a provider failure is logged (the reconciliation skips deleted teams; the operator sees the log).
     */
    async teamDeleted(teamId: number): Promise<void> {
      try {
        const subscription = await currentSubscription(teamId);
        if (subscription)
          await deps.provider.cancelNow(subscription.id, `team-deleted:${teamId}:${subscription.id}`);
      } catch (error) {
        deps.log.error(
          { err: error, teamId },
          'subscription of a deleted team not cancelled at the provider',
        );
      }
    },

    async syncCatalogue(): Promise<void> {
      const products = await repos.billing.listProducts();
      await deps.provider.syncCatalogue(products, await repos.billing.listPaidPrices());
      await others.personal?.syncCatalogue();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
