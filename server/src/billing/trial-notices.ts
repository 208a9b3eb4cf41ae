import type { Team } from '@domain/entities';
import { createRepositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { TeamEventType } from '../events/team-event';
import { type BillingDeps, productCodeOf, recordTeamEvent } from './billing-deps';
import type { ProviderEvent, ProviderSubscription } from './provider';

/** Stripe's notice three days before a trial ends (the sandbox emits it as well). */
export const TRIAL_WILL_END_EVENT = 'customer.subscription.trial_will_end';

const title = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

/** 'Dec 5, 2026': a date in mail, the way the billing page writes it (UTC on the server). */
export const mailDate = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * What a team's owners hear about its trial and plan, from the provider's webhooks: a mail
 * three days before a trial ends (asking for a card when none is on file), and a mail plus a team
 * event when the team drops to Basic. Each notice goes out once (billing_notices), however often the
 * webhook comes; a mail that failed releases its notice and fails the webhook, so the provider's
 * retry sends it again.
 */
export function createTrialNotices(deps: BillingDeps) {
  const repos = createRepositories(deps.db);

  async function once(key: string, send: () => Promise<void>): Promise<void> {
    const claimed = await deps.db.query<{ key: string }>(
      'INSERT INTO billing_notices (key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING key',
      [key],
    );
    if (claimed.length === 0) return;
    try {
      await send();
    } catch (error) {
      await deps.db.query('DELETE FROM billing_notices WHERE key = $1', [key]);
      throw error;
    }
  }

  async function owners(teamId: number): Promise<TeamUserRecord[]> {
    const users = await repos.teamUsers.listByTeam(teamId);
    return users.filter((u) => u.role === 'owner' && u.teamStatus === 'active' && !u.isBanned);
  }

  async function mailOwners(team: Team, message: (owner: TeamUserRecord, billingUrl: string) => string[]) {
    for (const owner of await owners(team.id)) {
      const billingUrl = `${deps.publicUrl()}/teams/${team.id}-${owner.id}/billing`;
      const [subject = '', ...lines] = message(owner, billingUrl);
      await deps.mailer.send({ to: owner.email, subject, text: `${lines.join('\n')}\n` });
    }
  }

  async function trialEnding(team: Team, subscription: ProviderSubscription): Promise<void> {
    if (subscription.status !== 'trialing' || !subscription.trialEndAt) return;
    const { card } = await deps.provider.getCustomer(subscription.customerId);
    const plan = title(productCodeOf(subscription.planId ?? team.plan));
    const date = mailDate(subscription.trialEndAt);
    await once(`trial-ending:${subscription.id}:${subscription.trialEndAt}`, () =>
      mailOwners(team, (owner, billingUrl) => [
        `The ${plan} trial of ${team.name} ends on ${date}`,
        `Hello ${owner.fullName || owner.email},`,
        '',
        card
          ? `The ${plan} trial of ${team.name} ends on ${date}. Then ${plan} goes on, paid with the card ending in ${card.last4}.`
          : `The ${plan} trial of ${team.name} ends on ${date}. Add a card to keep ${plan} after ${date}; without one, the team drops to Basic.`,
        '',
        `Billing: ${billingUrl}`,
      ]),
    );
  }

  /** `before` is the team as it was before the webhook: a trial date then means the trial ended. */
  async function droppedToBasic(team: Team, before: Team, subscriptionId: string | null): Promise<void> {
    const from = before.plan;
    const reason = before.trialEndAt !== null ? 'trial_ended' : 'subscription_ended';
    const plan = title(from);
    await once(`dropped-to-basic:${team.id}:${subscriptionId ?? 'none'}`, async () => {
      await recordTeamEvent(deps, {
        teamId: team.id,
        type: TeamEventType.billingDroppedToBasic,
        data: { from, reason, subscriptionId, trialEndAt: before.trialEndAt },
      });
      await mailOwners(team, (owner, billingUrl) => [
        `${team.name} is now on Basic`,
        `Hello ${owner.fullName || owner.email},`,
        '',
        reason === 'trial_ended'
          ? `The ${plan} trial of ${team.name} has ended, so the team is now on Basic.`
          : `The ${plan} subscription of ${team.name} ended, so the team is now on Basic.`,
        '',
        `To upgrade again: ${billingUrl}`,
      ]);
    });
  }

  return {
    /**
     * One verified webhook about a team: `sync` makes the team follow its provider; the plan before
     * and after it tells whether the team dropped to Basic.
     */
    async followTeamWebhook(
      teamId: number,
      event: ProviderEvent,
      sync: () => Promise<ProviderSubscription | null>,
    ): Promise<void> {
      const before = await repos.teams.findById(teamId);
      const subscription = await sync();
      const team = await repos.teams.findById(teamId);
      if (!team) return;
      if (event.type === TRIAL_WILL_END_EVENT && subscription) await trialEnding(team, subscription);
      if (before && before.plan !== 'basic' && team.plan === 'basic') {
        await droppedToBasic(team, before, event.subscriptionId);
      }
    },
  };
}

export type TrialNotices = ReturnType<typeof createTrialNotices>;
