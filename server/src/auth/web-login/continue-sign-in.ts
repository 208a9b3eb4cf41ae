import type { FastifyInstance } from 'fastify';
import { BillingNotConfiguredError, isBillingConfigured } from '../../billing/unconfigured-provider';
import { createRepositories } from '../../db/repositories';
import type { Account } from '../../db/repositories/accounts.repository';
import type { WebLoginTarget } from '../../db/repositories/web-login.repository';
import { AppError } from '../../errors';
import { issueAuthCode, issueCheckoutReturnCode } from '../auth-codes';
import type { Membership } from '../require-membership';
import { REDIRECT_AUTH_CODE_TTL_SECONDS } from '../token-policy';

/** The one destination web sign-up knows (spec section 9's default); others are refused up front. */
export const DESTINATIONS = ['stripe_checkout'] as const;

/** The person's team name: "{name}'s team", or "{local part}'s team" when the provider gave no name. */
export function newTeamName(person: { email: string; fullName: string }): string {
  const who = person.fullName.trim() || person.email.slice(0, person.email.lastIndexOf('@'));
  return `${who.slice(0, 80)}'s team`;
}

/** The account of a mailed link's address, made on the first sign-in (the link verified it). */
export async function accountOfAddress(app: FastifyInstance, email: string): Promise<Account> {
  return (await app.repos.accounts.findOrCreate({ email, fullName: '' })).account;
}

/**
 * Throws when sign-up cannot reach its destination from this server: every destination (the one,
 * stripe_checkout) is a checkout, which needs payments. Checked before a one-time link or OAuth state
 * is spent, so the person can use it once payments are configured.
 */
export function checkSignUpCanContinue(app: FastifyInstance): void {
  if (!isBillingConfigured(app.billingProvider)) throw new BillingNotConfiguredError();
}

/** A new team with the person as its owner, in one transaction. */
async function createTeamFor(app: FastifyInstance, account: { id: number; email: string; fullName: string }) {
  return app.db.transaction(async (tx): Promise<Membership> => {
    const repos = createRepositories(tx);
    const team = await repos.teams.create({ name: newTeamName(account), plan: 'basic' });
    const teamUser = await repos.teamUsers.create({
      teamId: team.id,
      accountId: account.id,
      email: account.email,
      fullName: account.fullName,
      role: 'owner',
    });
    return { team, teamUser };
  });
}

/** The person's live owner membership of that team, or null. */
async function ownerMembership(
  app: FastifyInstance,
  teamId: number,
  accountId: number,
): Promise<Membership | null> {
  const team = await app.repos.teams.findById(teamId);
  if (!team) return null;
  const teamUser = await app.repos.teamUsers.findByAccountInTeam(teamId, accountId);
  const live =
    teamUser && teamUser.teamStatus === 'active' && !teamUser.isBanned && teamUser.status === 'active';
  return live && teamUser.role === 'owner' ? { team, teamUser } : null;
}

/**
 * After a verified sign-in (mailed link or OAuth), for its account: the destination.
 * stripe_checkout: the team's hosted checkout, for the team given (when the person owns it) or a
 * new team they own, returning to weblogin-success (or the billing page when cancelled) with
 * one checkout return code: a login once, and only once that checkout has ended. Answers
 * the URL the browser goes to next: the checkout, or a console page that signs in with a code that
 * lives REDIRECT_AUTH_CODE_TTL_SECONDS (the browser goes there at once).
 */
export async function continueSignIn(
  app: FastifyInstance,
  account: Account,
  target: WebLoginTarget,
): Promise<string> {
  const base = app.publicUrl().replace(/\/+$/, '');
  const signInTo = async (goto: string) => {
    const token = await issueAuthCode(app.db, app.tokens, account.id, REDIRECT_AUTH_CODE_TTL_SECONDS);
    return `${base}/auth?${new URLSearchParams({ token, goto })}`;
  };

  let membership: Membership | null = null;
  if (target.teamId) {
    membership = await ownerMembership(app, target.teamId, account.id);
    // Not the owner of that team (or no such team): signed in, and home picks a team.
    if (!membership) return signInTo('/');
  } else {
    membership = await createTeamFor(app, account);
  }
  const teamPath = `/teams/${membership.team.id}-${membership.teamUser.id}`;
  const returnCode = await issueCheckoutReturnCode(app.db, app.tokens, account.id);
  const token = encodeURIComponent(returnCode.code);
  try {
    const checkout = await app.billing.checkout(membership, target.teamPlanId, target.teamPlanId, {
      successUrl: `${base}${teamPath}/weblogin-success?token=${token}`,
      cancelUrl: `${base}${teamPath}/billing?token=${token}`,
    });
    await returnCode.bind(checkout.checkoutSessionId);
    return checkout.url;
  } catch (error) {
    // The team already has a subscription (or the plan went off sale): its billing page says so.
    if (error instanceof AppError && error.statusCode < 500) return signInTo(`${teamPath}/billing`);
    throw error;
  }
}
