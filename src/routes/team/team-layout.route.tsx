// The team area frame for /teams/{tid}-{uid}/... (spec section 2): 'Back to Spark', the team
// selector, 'Team Preferences', the nav for the user's role and plan, the page, the footer.
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { classifyError } from '@/domain/error-policy';
import { ownMembershipInTeam, withTeamUser } from '@/domain/memberships';
import { teamNav } from '@/domain/permissions';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';
import {
  selectMembership,
  selectRegistryError,
  selectRegistryLoading,
  selectSelectableMemberships,
} from '@/machines/team-registry.selectors';
import { useCurrentRoute } from '@/routes/current-route';
import { pathTo } from '@/routes/route-table';
import { useSignedInEmail } from '@/routes/signed-in-email';
import { useSelectorInTransition } from '@/routes/transition-selector';
import { useColorSchemeToggle } from '@/routes/use-color-scheme-toggle';
import { useLogout } from '@/routes/use-logout';
import { BillingPlaceholder } from '@/ui/billing-page/BillingSkeleton';
import { ErrorBox } from '@/ui/ErrorBox';
import { TeamLayout } from '@/ui/TeamLayout';
import { TeamNav } from '@/ui/TeamNav';
import { TeamSelector } from '@/ui/TeamSelector';
import { UserMenu } from '@/ui/UserMenu';

const TEAM_ROUTES = ['team-overview', 'team-users', 'team-billing', 'team-contact-us'] as const;
type TeamRoute = (typeof TEAM_ROUTES)[number];

function isTeamRoute(name: string | undefined): name is TeamRoute {
  return TEAM_ROUTES.includes(name as TeamRoute);
}

export function TeamLayoutRoute() {
  const { registry } = useServices();
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
  const signedInEmail = useSignedInEmail();
  const logout = useLogout();
  const colorSchemeToggle = useColorSchemeToggle();

  // A teammate's shared link (`/teams/1-1/users` for someone whose own is 1-3): the same page under
  // the user's own membership, replacing the entry, without a word. Only a real non-member is told.
  const location = useLocation();
  const own = loading || membership ? null : ownMembershipInTeam(memberships, ref.teamId);
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

  const selector = (
    <TeamSelector
      memberships={memberships}
      current={ref}
      loading={loading}
      signedInEmail={signedInEmail}
      onSelect={(teamId, userId) => navigate(pathTo('team-overview', { teamId, userId }))}
    />
  );
  const nav = membership ? (
    <TeamNav
      entries={teamNav(membership.profile.role, membership.team.plan)}
      activeRoute={isTeamRoute(route?.name) ? route.name : null}
      hrefFor={(teamRoute) => pathTo(teamRoute, ref)}
      onNavigate={(href) => navigate(href)}
    />
  ) : null;

  const errorOutcome = error ? classifyError(error) : null;
  return (
    <TeamLayout
      state={
        loading ? 'loading' : membership || errorOutcome ? 'ready' : ownPath ? 'redirecting' : 'notMember'
      }
      userMenu={
        <UserMenu
          email={signedInEmail}
          profileHref={pathTo('profile')}
          onNavigate={(href) => navigate(href)}
          onLogout={logout}
          {...colorSchemeToggle}
        />
      }
      backHref={links.appDeepLink}
      selector={selector}
      nav={nav}
      placeholder={route?.name === 'team-billing' ? <BillingPlaceholder /> : null}
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
