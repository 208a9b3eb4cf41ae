import { TRIAL_DAYS } from '@domain/trial';
import type { Membership } from '../auth/require-membership';
import { TeamEventType } from '../events/team-event';
import { LIVE_STATUSES } from './billing-deps';
import { appReturnUrls, type CheckoutReturn, type CheckoutReturnUrls } from './checkout-return';
import { planIdError, type TeamBillingBase } from './team-billing-base';

/** The hosted checkout that starts a team's first subscription. */
export function createTeamCheckout(base: TeamBillingBase) {
  const {
    deps,
    repos,
    sync,
    paidPrice,
    ensureCustomer,
    taxRateFor,
    currentSubscription,
    settleCheckout,
    actorEvent,
  } = base;
  return {
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
    ): Promise<{ url: string; checkoutSessionId: string }> {
      const { team, teamUser } = membership;
      // A team that pays through Paddle stays there (spec section 2: the team's provider only).
      if (team.paymentProvider === 'paddle') throw planIdError('is sold to this team through Paddle');
      const price = await paidPrice(planId, null, typeof returnTo === 'object');
      if (returnPlanId !== planId) await paidPrice(returnPlanId);
      return sync.withTeamLock(team.id, async () => {
        const open = await settleCheckout(team.id);
        const existing = await currentSubscription(team.id);
        if (existing && LIVE_STATUSES.has(existing.status)) throw planIdError('already has a subscription');
        const quantity = Math.max(1, await repos.seats.count(team.id));
        // A double click, a second tab or a reload gets the checkout already open for the same plan.
        const previous = (await repos.billing.findTeamBilling(team.id))?.checkoutSessionId;
        if (open?.url && previous && open.planId === price.id && open.quantity === quantity)
          return { url: open.url, checkoutSessionId: previous };
        // Another plan or seat count: the older checkout is closed, so two tabs can never both pay
        // and leave the team with two subscriptions.
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
        return { url: session.url, checkoutSessionId: session.id };
      });
    },
  };
}
