import { LIVE_STATUSES } from './billing-deps';
import type { PersonalBillingService } from './personal-billing-service';
import type { TeamBillingBase } from './team-billing-base';
import { createTrialNotices } from './trial-notices';

/**
 * What the provider tells us (webhooks), what the team's deletion ends at the provider, and the
 * catalogue sync at start-up; personal billing shares the provider's webhooks and the sync.
 */
export function createTeamBillingWebhooks(
  base: TeamBillingBase,
  others: { personal?: Pick<PersonalBillingService, 'handleProviderObject' | 'syncCatalogue'> },
) {
  const { deps, repos, sync, currentSubscription, seatsAtCheckoutCompletion } = base;
  const notices = createTrialNotices(deps);

  /** A team checkout completed: the subscription takes the seats the team has now. */
  async function seatsAfterCheckout(teamId: number, checkoutSessionId: string): Promise<void> {
    await sync.withTeamLock(teamId, async () => {
      const session = await deps.provider.getCheckout(checkoutSessionId);
      await seatsAtCheckoutCompletion(teamId, session?.quantity ?? null);
    });
  }

  /**
   * Whatever still starts for a deleted team (a checkout paid after the deletion closed it, or one
   * the closing missed) ends at once and is refunded in full: nobody can reach its billing any more.
   */
  async function endDeletedTeamBilling(teamId: number): Promise<void> {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.customerId) return;
    for (const subscription of await deps.provider.listSubscriptions(link.customerId)) {
      if (!LIVE_STATUSES.has(subscription.status) && subscription.status !== 'incomplete') continue;
      const key = `team-deleted:${teamId}:${subscription.id}`;
      await deps.provider.cancelNow(subscription.id, key);
      // The subscription the team had before its deletion ends without a refund, as teamDeleted's.
      if (subscription.id === link.subscriptionId) continue;
      const refunded = await deps.provider.refundLatestInvoice(subscription.id, 1, `${key}:refund`);
      deps.log.warn(
        { teamId, subscriptionId: subscription.id, refunded },
        'subscription started for a deleted team: cancelled and refunded',
      );
    }
  }

  return {
    /** A verified webhook: done once per event id; it only makes the team look at its provider again. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const event = deps.provider.verifyWebhook(rawBody, signature);
      if (await repos.billing.isWebhookEventDone(event.id)) return;
      const teamId =
        (await repos.billing.findTeamIdByProviderObject(event.customerId, event.subscriptionId)) ?? null;
      if (teamId !== null && !(await repos.teams.findById(teamId))) {
        await endDeletedTeamBilling(teamId);
      } else if (teamId !== null) {
        const completed = event.type === 'checkout.session.completed' ? event.checkoutSessionId : null;
        if (completed) {
          const link = await repos.billing.findTeamBilling(teamId);
          if (link?.checkoutSessionId === completed) {
            await repos.billing.saveTeamBilling(teamId, { checkoutSessionId: null });
          }
        }
        await notices.followTeamWebhook(teamId, event, () => sync.syncTeam(teamId));
        if (completed) await seatsAfterCheckout(teamId, completed);
      } else {
        await others.personal?.handleProviderObject(event.customerId, event.subscriptionId);
      }
      await repos.billing.markWebhookEventDone(event.id, event.type);
    },

    /**
     * A deleted team is billed no more: its live subscription ends now, and a checkout still open is
     * closed so it can no longer be paid. The team is already gone, so a provider failure is logged
     * (the reconciliation skips deleted teams; a late completion is ended by its webhook).
     */
    async teamDeleted(teamId: number): Promise<void> {
      // Each step on its own: a failed one must not keep the other from running.
      const attempt = async (what: string, step: () => Promise<void>) => {
        try {
          await step();
        } catch (error) {
          deps.log.error({ err: error, teamId }, `${what} of a deleted team not ended at the provider`);
        }
      };
      await attempt('checkout', async () => {
        const link = await repos.billing.findTeamBilling(teamId);
        if (!link?.checkoutSessionId) return;
        await deps.provider.expireCheckout(link.checkoutSessionId);
        await repos.billing.saveTeamBilling(teamId, { checkoutSessionId: null });
      });
      await attempt('subscription', async () => {
        const subscription = await currentSubscription(teamId);
        if (subscription)
          await deps.provider.cancelNow(subscription.id, `team-deleted:${teamId}:${subscription.id}`);
      });
    },

    async syncCatalogue(): Promise<void> {
      const products = await repos.billing.listProducts();
      await deps.provider.syncCatalogue(products, await repos.billing.listPaidPrices());
      await others.personal?.syncCatalogue();
    },
  };
}
