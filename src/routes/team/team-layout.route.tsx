// The team area frame for /teams/{tid}-{uid}/... (spec section 2): 'Back to Spark', the team
// selector, 'Team Preferences', the nav for the user's role and plan, the page, the footer. Until
// the session has settled it shows the frame painted from HTML (team-frame.tsx) rather than the
// login guard's loading screen, and while React hydrates that HTML it renders the same.

import { type ComponentProps, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { classifyError } from '@/domain/error-policy';
import { ownMembershipInTeam, withTeamUser } from '@/domain/memberships';
import { teamNav } from '@/domain/permissions';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';
import type { SessionActor } from '@/machines/session.client';
import {
  selectMembership,
  selectRegistryError,
  selectRegistryLoading,
  selectSelectableMemberships,
} from '@/machines/team-registry.selectors';
import { useCurrentRoute } from '@/routes/current-route';
import { isSessionSettled, RequireLogin } from '@/routes/login-guard';
import { OnLoginLinkContext } from '@/routes/on-login-link';
import { pathTo } from '@/routes/route-table';
import { useSignedInEmail } from '@/routes/signed-in-email';
import { SignedInUserMenu } from '@/routes/signed-in-user-menu';
import { pendingTeamNav, TeamPageStart, teamFrameLayout, teamRouteOf } from '@/routes/team/team-frame';
import { useSelectorInTransition } from '@/routes/transition-selector';
import { ErrorBox } from '@/ui/ErrorBox';
import { TeamLayout } from '@/ui/TeamLayout';
import { TeamNav } from '@/ui/TeamNav';
import { TeamSelector } from '@/ui/TeamSelector';

// Here rather than in session.selectors.ts: the sign-in pages import that file, and a module both
// they and the team area import would become a chunk of its own, one more file on each first visit.
const selectLoginRefused = (snapshot: SnapshotFrom<SessionActor>) =>
  snapshot.matches('loggedOut') && snapshot.context.loginError !== null;

export function TeamLayoutRoute() {
  // The frame as the HTML has it while React hydrates it, whatever is known by now; the area after,
  // in a transition: rendered at once (as useHydrated's store update is), the area and its page were
  // one long task of the main thread (decision 028).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  const { session } = useServices();
  const onLoginLink = useContext(OnLoginLinkContext);
  // Then the frame again until the session has settled, where the guard would show the loading
  // screen; once it has, the guard decides at once. Kept from then on: the area stays mounted.
  // In a transition, as the area's other reads: the whole area renders once it flips (decision 028).
  const settled = useSelectorInTransition(session, isSessionSettled);
  const [guarded, setGuarded] = useState(false);
  if (hydrated && settled && !guarded) setGuarded(true);
  const refused = useSelectorInTransition(session, selectLoginRefused);
  // The page's login link was refused: the routes leave for the link's own page, the sign-in page
  // saying so (routes/login-link-address.ts); the frame stays until they do.
  const frame = !guarded || (refused && onLoginLink);
  // The frame is the area's own first state, in the same place: React keeps the elements the HTML
  // painted and updates them, rather than building the whole page again once the guard decides.
  return (
    <RequireLogin bypassed={frame}>
      <TeamArea frame={frame} />
    </RequireLogin>
  );
}

/** `frame`: the frame painted from HTML (team-frame.tsx), before the guard has let the area through. */
function TeamArea({ frame }: { frame: boolean }) {
  const { registry, loginLink } = useServices();
  // Signed in (the guard let the area through): the page's login link is spent, and a later login
  // with its code goes to the server like any other, not to the exchange kept for a refusal.
  useEffect(() => {
    if (!frame && loginLink) loginLink.tokens = null;
  }, [frame, loginLink]);
  const navigate = useNavigate();
  const route = useCurrentRoute();
  // The route's loader has already refused anything that is not {tid}-{uid}.
  const ref = parseTeamUserRef(useParams().teamUser ?? '') ?? { teamId: 0, userId: 0 };
  // The memberships arrive: the frame renders in a transition, in slices (decision 028).
  const loading = useSelectorInTransition(registry, selectRegistryLoading);
  const error = useSelectorInTransition(registry, selectRegistryError);
  const memberships = useSelectorInTransition(registry, selectSelectableMemberships);
  const membershipSelector = useMemo(
    () => selectMembership(ref.teamId, ref.userId),
    [ref.teamId, ref.userId],
  );
  const membership = useSelectorInTransition(registry, membershipSelector);

  // A teammate's shared link (`/teams/1-1/users` for someone whose own is 1-3): the same page under
  // the user's own membership, replacing the entry, without a word. Only a real non-member is told.
  const location = useLocation();
  const own = frame || loading || membership ? null : ownMembershipInTeam(memberships, ref.teamId);
  const ownPath = own
    ? withTeamUser(
        location.pathname,
        formatTeamUserRef(ref),
        formatTeamUserRef({ teamId: own.team.id, userId: own.profile.id }),
      )
    : null;
  useEffect(() => {
    if (ownPath) navigate(`${ownPath}${location.search}${location.hash}`, { replace: true });
  }, [ownPath, location.search, location.hash, navigate]);

  const teamRoute = teamRouteOf(route?.name);
  const nav = membership ? (
    <TeamNav
      entries={teamNav(membership.profile.role, membership.team.plan)}
      activeRoute={teamRoute}
      hrefFor={(name) => pathTo(name, ref)}
      onNavigate={(href) => navigate(href)}
    />
  ) : loading || ownPath ? (
    pendingTeamNav(teamRoute)
  ) : null;

  if (frame) return <TeamLayout {...teamFrameLayout(teamRoute)} />;
  const errorOutcome = error ? classifyError(error) : null;
  return (
    <TeamLayout
      state={
        loading ? 'loading' : membership || errorOutcome ? 'ready' : ownPath ? 'redirecting' : 'notMember'
      }
      headerEnd={<TeamHeaderEnd memberships={memberships} current={ref} loading={loading} />}
      backHref={links.appDeepLink}
      nav={nav}
      placeholder={<TeamPageStart route={teamRoute} />}
      termsHref={links.termsOfService}
      privacyHref={links.privacyPolicy}
      year={new Date().getFullYear()}
    >
      {errorOutcome && 'message' in errorOutcome ? (
        <ErrorBox message={errorOutcome.message} onRetry={() => registry.send({ type: 'registry.reload' })} />
      ) : (
        <Outlet />
      )}
    </TeamLayout>
  );
}

/**
 * The header's end once the area has taken over: the team selector and the user menu, with what
 * both read of who is signed in (the profile's load, once). Only the area renders it:
 * the frame before it has no session to ask with.
 */
function TeamHeaderEnd({
  memberships,
  current,
  loading,
}: Pick<ComponentProps<typeof TeamSelector>, 'memberships' | 'current' | 'loading'>) {
  const navigate = useNavigate();
  const signedInEmail = useSignedInEmail();
  return (
    <>
      <TeamSelector
        memberships={memberships}
        current={current}
        loading={loading}
        signedInEmail={signedInEmail}
        onSelect={(teamId, userId) => navigate(pathTo('team-overview', { teamId, userId }))}
      />
      <SignedInUserMenu email={signedInEmail} />
    </>
  );
}
