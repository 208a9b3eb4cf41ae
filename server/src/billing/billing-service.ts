import type { BillingDeps } from './billing-deps';
import type { PersonalBillingService } from './personal-billing-service';
import { createTeamBillingAccount } from './team-billing-account';
import { createTeamBillingBase } from './team-billing-base';
import { createTeamCheckout } from './team-billing-checkout';
import { createTeamPlanChange } from './team-billing-plan-change';
import { createTeamSeats } from './team-billing-seats';
import { createTeamBillingWebhooks } from './team-billing-webhooks';

/**
 * Team billing (spec section 7 'Team billing'): every call of the billing routes, for the owner the
 * routes already checked. The provider holds the money; this decides what to ask of it, records a team
 * event for each change and keeps the team's plan fields in step (team-billing-sync.ts). Each
 * capability lives in its own file (team-billing-*.ts); this wires them over one shared base.
 */
export function createBillingService(
  deps: BillingDeps,
  // Personal billing shares the provider's webhooks and the start-up sync.
  others: { personal?: Pick<PersonalBillingService, 'handleProviderObject' | 'syncCatalogue'> } = {},
) {
  const base = createTeamBillingBase(deps);
  return {
    sync: base.sync,
    getBilling: base.getBilling,
    ...createTeamSeats(base),
    ...createTeamBillingAccount(base),
    ...createTeamCheckout(base),
    ...createTeamPlanChange(base),
    ...createTeamBillingWebhooks(base, others),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
