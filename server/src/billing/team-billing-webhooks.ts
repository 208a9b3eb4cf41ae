import type { PersonalBillingService } from './personal-billing-service';
import type { TeamBillingBase } from './team-billing-base';
import { createTrialNotices } from './trial-notices';

/**
 * What the provider tells us (webhooks), what the team's deletion ends at the provider, and the
 * catalogue sync at start-up; personal billing shares the provider's webhooks and the sync (issue 12).
 */
export function createTeamBillingWebhooks(
  base: TeamBillingBase,
  others: { personal?: Pick<PersonalBillingService, 'handleProviderObject' | 'syncCatalogue'> },
) {
  const { deps, repos, sync, currentSubscription } = base;
  const notices = createTrialNotices(deps);
  return {
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
