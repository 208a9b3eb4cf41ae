import type { Billing, Customer, Subscription } from '@domain/entities';
import type { Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import type { CataloguePrice } from '../db/repositories/billing.repository';
import { ValidationError } from '../errors';
import { eventPerson } from '../events/team-event';
import { type BillingDeps, LIVE_STATUSES, productCodeOf, recordTeamEvent } from './billing-deps';
import { endedTrialOf } from './ended-trial';
import type { ProviderSubscription } from './provider';
import { taxCountryFor } from './tax';
import { createFirstSeats } from './team-billing-first-seats';
import { createTeamBillingSync } from './team-billing-sync';

export const planIdError = (message = 'is invalid') => new ValidationError([{ field: 'planId', message }]);

/** The spec's Subscription from the provider's; ended ones are no subscription at all. */
async function toSubscription(deps: BillingDeps, subscription: ProviderSubscription | null) {
  if (!subscription || !(LIVE_STATUSES.has(subscription.status) || subscription.status === 'incomplete')) {
    return null;
  }
  const nextPaymentAt =
    subscription.cancelAt !== null || subscription.status === 'incomplete'
      ? null
      : (subscription.trialEndAt ?? subscription.currentPeriodEnd);
  const next = nextPaymentAt === null ? null : await deps.provider.nextPayment(subscription);
  const result: Subscription = {
    status: subscription.status,
    planId: subscription.planId ?? '',
    cancelAt: subscription.cancelAt,
    nextPaymentAt,
    nextPaymentAmount: next?.amount ?? null,
    nextPaymentProrations: next?.prorations ?? [],
    nextPaymentTax: next && next.tax > 0 ? { amount: next.tax, percent: subscription.taxPercent } : null,
    trialEndAt: subscription.trialEndAt,
    pendingPaymentIntentSecret: subscription.pendingPaymentIntentSecret,
  };
  return result;
}

/**
 * What the team billing capabilities share: the repositories, the team sync and lock, and the reads
 * and small steps each of them takes (the price a plan id names, the team's customer and live
 * subscription, its tax rate, the billing page's answer, a team event with the actor).
 */
export function createTeamBillingBase(deps: BillingDeps) {
  const repos = createRepositories(deps.db);
  const sync = createTeamBillingSync(deps);
  const seatsAtCheckoutCompletion = createFirstSeats(deps);

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
   * Answers the session while it is still open (a second click may reuse it). Callers hold the
   * team's lock: a completed checkout's seats are settled here.
   */
  async function settleCheckout(teamId: number) {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.checkoutSessionId) return null;
    const session = await deps.provider.getCheckout(link.checkoutSessionId);
    if (session?.status === 'open') return session;
    await repos.billing.saveTeamBilling(teamId, { checkoutSessionId: null });
    if (session?.status === 'complete') {
      await sync.syncTeam(teamId);
      await seatsAtCheckoutCompletion(teamId, session.quantity);
    }
    return null;
  }

  async function getBilling(membership: Membership): Promise<Billing> {
    const teamId = membership.team.id;
    if ((await repos.billing.findTeamBilling(teamId))?.checkoutSessionId)
      await sync.withTeamLock(teamId, () => settleCheckout(teamId));
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
      endedTrial: subscription ? null : await endedTrialOf(repos.events, membership.team),
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
    deps,
    repos,
    sync,
    paidPrice,
    ensureCustomer,
    taxRateFor,
    currentSubscription,
    settleCheckout,
    seatsAtCheckoutCompletion,
    getBilling,
    actorEvent,
  };
}

export type TeamBillingBase = ReturnType<typeof createTeamBillingBase>;
