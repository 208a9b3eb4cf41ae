import { randomUUID } from 'node:crypto';
import type { BillingProduct, PersonalBilling } from '@domain/entities';
import { TRIAL_DAYS } from '@domain/trial';
import { createRepositories } from '../db/repositories';
import type { PersonalBillingRow } from '../db/repositories/personal-billing.repository';
import { ValidationError } from '../errors';
import { type BillingDeps, createTeamLocks } from './billing-deps';
import {
  endTrialsReplacedByPurchase,
  isProviderTrial,
  personalLiveSubscription,
} from './personal-trial-handover';
import type { ProviderSubscription } from './provider';
import { lookupKeyOf } from './stripe/stripe-personal';

/** What a personal trial is of: the monthly premium price (it goes on with a card, else it ends). */
export const PERSONAL_TRIAL_PRICE_ID = 'personal_premium_30';

/** Where the hosted pages send the browser back: the console's result page (spec section 2). */
export const personalResultPath = (result: 'success' | 'failure', mode: 'checkout' | 'setup') =>
  `/pb/result?result=${result}&mode=${mode}`;

const priceIdError = (message = 'is invalid') => new ValidationError([{ field: 'priceId', message }]);

/**
 * Personal billing (spec section 7 'Personal billing'): a person's own plan on the same provider as
 * team billing. The provider holds the subscription; personal_billing says which customer is whose,
 * whether the one trial was used, and a plan bought through an app store. Like teams, a person
 * follows the provider: every read and every webhook looks at the customer's subscriptions again.
 */
export function createPersonalBillingService(deps: BillingDeps) {
  const repos = createRepositories(deps.db);
  const withAccountLock = createTeamLocks();

  async function account(accountId: number) {
    const found = await repos.accounts.findById(accountId);
    // authenticate checked the account; it can only vanish in a race with its deletion.
    if (!found) throw new ValidationError([{ field: 'account', message: 'is invalid' }]);
    return found;
  }

  async function ensureCustomer(accountId: number): Promise<string> {
    const link = await repos.personalBilling.find(accountId);
    if (link?.customerId) return link.customerId;
    const person = await account(accountId);
    const customerId = await deps.provider.createPersonCustomer(
      { accountId, name: person.fullName || person.email, email: person.email },
      `customer:account-${accountId}`,
    );
    await repos.personalBilling.save(accountId, { customerId });
    return customerId;
  }

  /** Reads the customer's subscriptions now and keeps the live one; the answer is that one or null. */
  async function syncPerson(accountId: number): Promise<ProviderSubscription | null> {
    const link = await repos.personalBilling.find(accountId);
    if (!link?.customerId) return null;
    const subscriptions = await deps.provider.listSubscriptions(link.customerId);
    const live = personalLiveSubscription(subscriptions);
    await endTrialsReplacedByPurchase(deps, subscriptions, live);
    await repos.personalBilling.save(accountId, {
      subscriptionId: live?.id ?? null,
      ...(live?.trialEndAt ? { trialUsed: true } : {}),
    });
    return live;
  }

  async function periodOf(subscription: ProviderSubscription): Promise<string | null> {
    if (subscription.status === 'trialing') return 'trial';
    const price = subscription.planId ? await repos.personalBilling.findPrice(subscription.planId) : null;
    return price?.interval ?? null;
  }

  /** The rules of the can* flags are in docs/api.md ('Personal billing'). */
  async function detailsOf(
    link: PersonalBillingRow | null,
    live: ProviderSubscription | null,
  ): Promise<PersonalBilling> {
    let plan = 'free';
    let store: string | null = null;
    let periodType: string | null = null;
    if (live) {
      plan = 'premium';
      store = 'stripe';
      periodType = await periodOf(live);
    } else if (link?.appStore) {
      plan = 'premium';
      store = link.appStore;
      periodType = link.appStorePeriod;
    }
    return {
      plan,
      store,
      periodType,
      canSubscribe: plan === 'free' || isProviderTrial(store, periodType),
      canStartTrial: plan === 'free' && !link?.trialUsed,
      canChangeAddress: Boolean(link?.customerId) && store !== 'apple' && store !== 'google',
      trialEndAt: live?.status === 'trialing' ? live.trialEndAt : null,
    };
  }

  async function details(accountId: number): Promise<PersonalBilling> {
    const live = await syncPerson(accountId);
    return detailsOf(await repos.personalBilling.find(accountId), live);
  }

  const resultUrl = (result: 'success' | 'failure', mode: 'checkout' | 'setup') =>
    `${deps.publicUrl()}${personalResultPath(result, mode)}`;

  return {
    details,
    syncPerson,

    products: (): Promise<BillingProduct[]> => repos.personalBilling.listProducts(),

    /** A hosted checkout for one personal price; a suffix after '--' is its promotion code. */
    async checkout(accountId: number, priceId: string): Promise<{ url: string }> {
      const price = await repos.personalBilling.findPrice(priceId);
      if (!price) throw priceIdError();
      return withAccountLock(accountId, async () => {
        const current = await details(accountId);
        if (!current.canSubscribe) throw priceIdError('You already have a premium plan');
        const code = priceId.split('--')[1] ?? null;
        const promotionCodeId = code ? await deps.provider.findPromotionCode(code) : null;
        if (code && !promotionCodeId) throw priceIdError('has a coupon that is not available');
        // A double click, a second tab or a reload gets the checkout already open for this price;
        // one open for another price is closed first, so two tabs can never both subscribe.
        const previous = (await repos.personalBilling.find(accountId))?.checkoutSessionId ?? null;
        const open = previous ? await deps.provider.getCheckout(previous) : null;
        if (open?.status === 'open' && open.url && open.planId === price.id) return { url: open.url };
        if (open?.status === 'open' && previous) await deps.provider.expireCheckout(previous);
        const customerId = await ensureCustomer(accountId);
        const session = await deps.provider.createPersonalCheckout(
          {
            accountId,
            customerId,
            priceId: lookupKeyOf(price.id),
            catalogueId: price.id,
            promotionCodeId,
            successUrl: resultUrl('success', 'checkout'),
            cancelUrl: resultUrl('failure', 'checkout'),
          },
          // A retry before the session was saved replays it; after that, `previous` names it.
          `personal-checkout:${accountId}:${price.id}:${previous ?? 'first'}`,
        );
        await repos.personalBilling.save(accountId, { checkoutSessionId: session.id });
        return { url: session.url };
      });
    },

    /** A setup-mode checkout: the card becomes the customer's default (and pays what comes next). */
    async setup(accountId: number): Promise<{ url: string }> {
      const customerId = await withAccountLock(accountId, () => ensureCustomer(accountId));
      const session = await deps.provider.createSetupCheckout(
        {
          accountId,
          customerId,
          successUrl: resultUrl('success', 'setup'),
          cancelUrl: resultUrl('failure', 'setup'),
        },
        // Nothing is charged by a setup, so each click may have its own session.
        `personal-setup:${accountId}:${randomUUID()}`,
      );
      return { url: session.url };
    },

    /** The provider's customer portal; its Return leads back to the profile. */
    async portal(accountId: number): Promise<{ url: string }> {
      const customerId = await withAccountLock(accountId, () => ensureCustomer(accountId));
      return deps.provider.createPortalSession({ customerId, returnUrl: `${deps.publicUrl()}/profile` });
    },

    /** The 14-day trial, once per person ever; a second call is a validation error on 'trial'. */
    async startTrial(accountId: number): Promise<PersonalBilling> {
      return withAccountLock(accountId, async () => {
        const current = await details(accountId);
        if (current.plan !== 'free') {
          throw new ValidationError([{ field: 'trial', message: 'is not available on a premium plan' }]);
        }
        if (!(await repos.personalBilling.claimTrial(accountId))) {
          throw new ValidationError([{ field: 'trial', message: 'has already been used' }]);
        }
        try {
          const customerId = await ensureCustomer(accountId);
          const subscription = await deps.provider.startTrialSubscription(
            { accountId, customerId, priceId: PERSONAL_TRIAL_PRICE_ID, trialDays: TRIAL_DAYS },
            `personal-trial:${accountId}`,
          );
          await repos.personalBilling.save(accountId, { subscriptionId: subscription.id });
        } catch (error) {
          // Nothing started at the provider: the person keeps their one trial.
          await repos.personalBilling.save(accountId, { trialUsed: false });
          throw error;
        }
        return details(accountId);
      });
    },

    async syncCatalogue(): Promise<void> {
      await deps.provider.syncPersonalCatalogue(await repos.personalBilling.listPrices());
    },

    /** A webhook about a person's customer or subscription: look at the provider again. */
    async handleProviderObject(customerId: string | null, subscriptionId: string | null): Promise<boolean> {
      const accountId = await repos.personalBilling.findAccountIdByProviderObject(customerId, subscriptionId);
      if (accountId === null) return false;
      await withAccountLock(accountId, () => syncPerson(accountId));
      return true;
    },
  };
}

export type PersonalBillingService = ReturnType<typeof createPersonalBillingService>;
