import { TeamEventType } from '../../events/team-event';
import { recordTeamEvent } from '../billing-deps';
import { ProviderUnavailableError } from '../billing-errors';
import type { PaddleTeamBase } from './paddle-team-base';

/** How often a seat update is tried before it is left to the reconciliation. */
const ATTEMPTS = 3;

/**
 * Seats for a Paddle team: the subscription's quantity follows the billable seat count, prorated
 * onto the next bill as Stripe's 'create_prorations' does. Paddle takes no idempotency key, so the
 * update is made idempotent by the team's lock and a read first: a retry, or a second server, finds
 * the quantity already set and does nothing. A provider failure is retried, then left to the hourly
 * reconciliation, as for Stripe.
 */
export function createPaddleSeats(base: PaddleTeamBase) {
  const { deps, client, repos, withTeamLock } = base;

  async function syncSeats(teamId: number): Promise<void> {
    if (!client.configured) return;
    if (!(await repos.paddleBilling.findLink(teamId))?.subscriptionId) return;
    await withTeamLock(teamId, async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const live = await base.liveSubscription(teamId);
          const item = live?.items[0];
          if (!live || !item?.price) return;
          const seats = Math.max(1, await repos.seats.count(teamId));
          if (item.quantity === seats) return;
          const id = live.id;
          const priceId = item.price.id;
          await client.call((paddle) =>
            paddle.subscriptions.update(id, {
              items: [{ priceId, quantity: seats }],
              prorationBillingMode: 'prorated_next_billing_period',
            }),
          );
          await recordTeamEvent(deps, {
            teamId,
            type: TeamEventType.billingSeatsChanged,
            data: { from: item.quantity, to: seats, provider: 'paddle' },
          });
          return;
        } catch (error) {
          if (!(error instanceof ProviderUnavailableError) || attempt >= ATTEMPTS) throw error;
        }
      }
    });
  }

  return {
    paddleSeats: {
      syncSeats,

      /** After a member change: a failure must not undo it, so it is logged and reconciled later. */
      async seatsMayHaveChanged(teamId: number): Promise<void> {
        try {
          await syncSeats(teamId);
        } catch (error) {
          deps.log.warn({ err: error, teamId }, 'seat count not sent to Paddle; reconciliation will');
        }
      },

      /** Corrects seat drift for every team with a Paddle subscription. */
      async reconcile(): Promise<{ teams: number; failed: number }> {
        const teamIds = await repos.paddleBilling.listTeamsWithSubscription();
        let failed = 0;
        for (const teamId of teamIds) {
          try {
            await syncSeats(teamId);
          } catch (error) {
            failed += 1;
            deps.log.warn({ err: error, teamId }, 'Paddle seat reconciliation failed for a team');
          }
        }
        return { teams: teamIds.length, failed };
      },
    },
  };
}
