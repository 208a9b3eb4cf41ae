// The billing page's data, asked for as soon as the memberships show that the console opened on
// /teams/{tid}-{uid}/billing, or on a login link to it (/login?token=...&team_id&user_id with
// redirectTo=billing, as the app's upgrade links are), as that team's owner (main.tsx). The page
// itself would ask only once its route's chunks are in and it has rendered its frame, so its content
// came a round trip after the frame and the page was laid out twice; now it can land with the frame
// (decision 041).
// Unlike the members list (first-page-early.ts) it cannot be asked for before the memberships: only
// the owner reaches billing (spec section 2) and the role is known from them alone, and a member or
// an admin makes no billing call. The page's own first load takes the answer (early-answers.ts).
import { type ActorRefFrom, waitFor } from 'xstate';
import type { ApiClient } from '@/api/client';
import { EARLY_ANSWER_FRESH_MS, type EarlyEntry, earlyAnswers } from '@/api/early-answers';
import type { PaymentProvider } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';
import { findMembership } from '@/domain/memberships';
import { canAccessBilling } from '@/domain/permissions';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';
import type { teamRegistryMachine } from '@/machines/team-registry.machine';
import { type BillingPageData, loadBillingPage } from './load-billing-page';

const early = earlyAnswers<BillingPageData>();

const BILLING_PAGE = /^\/teams\/([^/]+)\/billing\/?$/;
const LOGIN_PAGE = /^\/login\/?$/;

/** The team user whose billing the console opens on at `location`, or null. */
export function billingPageAt({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): TeamUserRef | null {
  const segment = BILLING_PAGE.exec(pathname)?.[1];
  if (segment) return parseTeamUserRef(segment);
  // Spec section 2: a login link with team_id, user_id and redirectTo=billing goes to that billing.
  const params = new URLSearchParams(search);
  if (!LOGIN_PAGE.test(pathname) || !params.has('token') || params.get('redirectTo') !== 'billing')
    return null;
  return parseTeamUserRef(`${params.get('team_id') ?? ''}-${params.get('user_id') ?? ''}`);
}

/** The provider chosen on the billing page and kept in its URL (`?provider=paddle`), or null. */
export function chosenProviderIn(search: string): PaymentProvider | null {
  const provider = new URLSearchParams(search).get('provider');
  return provider === 'paddle' || provider === 'stripe' ? provider : null;
}

// The key names the chosen provider too: a page opened on another provider's calls takes no answer.
const keyOf = (ref: TeamUserRef, provider: PaymentProvider | null) =>
  `${formatTeamUserRef(ref)}?${provider ?? ''}`;

/**
 * At start-up: on a billing page or a login link to one (`location`), waits for the memberships and
 * asks for the page's data when they show that team user as the owner; else nothing. A visitor who
 * is not signed in has no memberships: the wait gives up when an early answer would be stale anyway.
 */
export async function askBillingPageEarlyOn(
  api: ApiClient,
  registry: ActorRefFrom<typeof teamRegistryMachine>,
  location: Pick<Location, 'pathname' | 'search'>,
  now: () => number = Date.now,
): Promise<void> {
  const ref = billingPageAt(location);
  if (!ref) return;
  const loaded = await waitFor(registry, (snapshot) => snapshot.matches('ready'), {
    timeout: EARLY_ANSWER_FRESH_MS,
  }).catch(() => null);
  const membership = loaded && findMembership(loaded.context.memberships, ref.teamId, ref.userId);
  if (!membership || !canAccessBilling(membership.profile)) return;
  // A login link has no provider of its own: its billing page opens without one.
  const provider = LOGIN_PAGE.test(location.pathname) ? null : chosenProviderIn(location.search);
  early.keep(keyOf(ref, provider), loadBillingPage(api, ref, undefined, provider), now());
}

/** The billing page's early data for `ref` (early-answers.ts): its render peeks, its first load takes. */
export function billingPageEarly(
  ref: TeamUserRef,
  provider: PaymentProvider | null = null,
): EarlyEntry<BillingPageData> {
  return early.at(keyOf(ref, provider));
}
