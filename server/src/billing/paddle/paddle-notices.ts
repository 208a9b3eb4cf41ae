import type { Team } from '@domain/entities';
import { createRepositories } from '../../db/repositories';
import { TeamEventType } from '../../events/team-event';
import { type BillingDeps, recordTeamEvent } from '../billing-deps';

const title = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

/**
 * What a Paddle team's owners hear from Paddle's events, as a Stripe team's do from Stripe's
 * (trial-notices.ts): a mail when a payment failed, and a mail plus a team event when the team drops
 * to Basic. Each goes out once (billing_notices, the same table), however often the event comes.
 */
export function createPaddleNotices(deps: BillingDeps) {
  const repos = createRepositories(deps.db);

  async function once(key: string, send: () => Promise<void>): Promise<void> {
    const claimed = await deps.db.query(
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

  async function mailOwners(team: Team, lines: (name: string, billingUrl: string) => string[]) {
    const owners = (await repos.teamUsers.listByTeam(team.id)).filter(
      (u) => u.role === 'owner' && u.teamStatus === 'active' && !u.isBanned,
    );
    for (const owner of owners) {
      const billingUrl = `${deps.publicUrl()}/teams/${team.id}-${owner.id}/billing?provider=paddle`;
      const [subject = '', ...text] = lines(owner.fullName || owner.email, billingUrl);
      await deps.mailer.send({ to: owner.email, subject, text: `${text.join('\n')}\n` });
    }
  }

  return {
    /** A renewal or a change's payment failed: the owners are asked to update the card. */
    async paymentFailed(teamId: number, transactionId: string): Promise<void> {
      const team = await repos.teams.findById(teamId);
      if (!team) return;
      await once(`payment-failed:${transactionId}`, () =>
        mailOwners(team, (name, billingUrl) => [
          `The payment for ${team.name} failed`,
          `Hello ${name},`,
          '',
          `Paddle could not take the payment for the ${title(team.plan)} plan of ${team.name}. Update the card to keep ${title(team.plan)}; Paddle tries again in the meantime.`,
          '',
          `Billing: ${billingUrl}`,
        ]),
      );
    },

    /** The subscription ended (after a scheduled cancel, or unpaid): the team is on Basic now. */
    async droppedToBasic(teamId: number, from: string, subscriptionId: string): Promise<void> {
      const team = await repos.teams.findById(teamId);
      if (!team) return;
      await once(`dropped-to-basic:${teamId}:${subscriptionId}`, async () => {
        await recordTeamEvent(deps, {
          teamId,
          type: TeamEventType.billingDroppedToBasic,
          data: { from, reason: 'subscription_ended', subscriptionId, trialEndAt: null },
        });
        await mailOwners(team, (name, billingUrl) => [
          `${team.name} is now on Basic`,
          `Hello ${name},`,
          '',
          `The ${title(from)} subscription of ${team.name} ended, so the team is now on Basic.`,
          '',
          `To upgrade again: ${billingUrl}`,
        ]);
      });
    },
  };
}
