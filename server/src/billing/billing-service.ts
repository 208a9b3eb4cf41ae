import type { BillingDeps } from './billing-deps';
import type { PersonalBillingService } from './personal-billing-service';
import { createTeamBillingAccount } from './team-billing-account';
import { createTeamBillingBase } from './team-billing-base';
import { createTeamCheckout } from './team-billing-checkout';
import { createTeamPlanChange } from './team-billing-plan-change';
import { createTeamSeats } from './team-billing-seats';
import type { TeamBillingSync } from './team-billing-sync';
import { createTeamBillingWebhooks } from './team-billing-webhooks';

/**
 * Team billing (spec section 7 'Team billing'): every call of the billing routes, for the owner the
 * routes already checked. The provider holds the money; this decides what to ask of it, records a team
 * event for each change and keeps the team's plan fields in step (team-billing-sync.ts). Each
 * capability lives in its own file (team-billing-*.ts); this wires them over one shared base.
 */
export function createBillingService(
  deps: BillingDeps,
  // Personal billing shares the provider's webhooks and the start-up sync; a Paddle team's seats
  // follow the same member changes and reconciliation.
  others: {
    personal?: Pick<PersonalBillingService, 'handleProviderObject' | 'syncCatalogue'>;
    paddleSeats?: Pick<TeamBillingSync, 'seatsMayHaveChanged' | 'reconcile'>;
  } = {},
) {
  const base = createTeamBillingBase(deps);
  const paddle = others.paddleSeats;
  const sync: TeamBillingSync = paddle
    ? {
        ...base.sync,
        async seatsMayHaveChanged(teamId) {
          await base.sync.seatsMayHaveChanged(teamId);
          await paddle.seatsMayHaveChanged(teamId);
        },
        async reconcile() {
          const [stripe, paddled] = [await base.sync.reconcile(), await paddle.reconcile()];
          return { teams: stripe.teams + paddled.teams, failed: stripe.failed + paddled.failed };
        },
      }
    : base.sync;
  return {
    sync,
    getBilling: base.getBilling,
    ...createTeamSeats(base),
    ...createTeamBillingAccount(base),
    ...createTeamCheckout(base),
    ...createTeamPlanChange(base),
    ...createTeamBillingWebhooks(base, others),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
