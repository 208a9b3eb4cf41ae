// The team area's frame before anything is known but the address: the header, the team selector's
// place, the nav's entries everyone has, and the page's heading and 'Loading'. The build prerenders
// it for each team page (src/prerender/), the console hydrates it, and it shows while the session
// settles. It is the team area's own first state, rendered in the same place (team-layout.route.tsx):
// when the area takes over, React updates the frame's elements rather than building them again, and
// the area's loading state lays out the same, so nothing moves.
// Nothing here acts before it works: the selector and the menu are disabled, the nav is plain text.
import { links } from '@/app/config';
import { type TeamRouteName, teamNav } from '@/domain/permissions';
import { BillingSkeleton } from '@/ui/billing-page/BillingSkeleton';
import type { TeamLayoutProps } from '@/ui/TeamLayout';
import { TeamNav } from '@/ui/TeamNav';
import { TeamPagePlaceholder } from '@/ui/TeamPagePlaceholder';
import { TeamSelectorButton } from '@/ui/TeamSelector';
import { UserMenuButton } from '@/ui/UserMenu';

const TEAM_ROUTES: readonly string[] = ['team-overview', 'team-users', 'team-billing', 'team-contact-us'];

/** The team page on show, or null (the bare team path). */
export function teamRouteOf(name: string | undefined): TeamRouteName | null {
  return name && TEAM_ROUTES.includes(name) ? (name as TeamRouteName) : null;
}

/** The nav's entries every member has, shown before the membership says which others there are. */
const EVERYONES_NAV = teamNav('member', 'basic');

const noHref = () => '';

/**
 * The nav before the membership is known: the entries everyone has, not links yet. A TeamNav element
 * itself (not a component around one), so the real nav, in the same place, updates its elements.
 */
export function pendingTeamNav(activeRoute: TeamRouteName | null) {
  return <TeamNav entries={EVERYONES_NAV} activeRoute={activeRoute} hrefFor={noHref} pending />;
}

/** A team page's start while its data loads: the heading and 'Loading' it shows itself then. */
export function TeamPageStart({ route }: { route: TeamRouteName | null }) {
  if (route === 'team-overview') return <TeamPagePlaceholder title="Overview" />;
  if (route === 'team-contact-us') return <TeamPagePlaceholder title="Contact us" />;
  if (route === 'team-billing') {
    return (
      <TeamPagePlaceholder title="Billing">
        <BillingSkeleton />
      </TeamPagePlaceholder>
    );
  }
  return <TeamPagePlaceholder />;
}

/**
 * The frame as the team layout's props: the team area renders them in the same place as its own
 * (team-layout.route.tsx), so React keeps the frame's elements when the area takes over, and the
 * build prerenders the same.
 */
export function teamFrameLayout(route: TeamRouteName | null): TeamLayoutProps {
  return {
    state: 'loading',
    backHref: links.appDeepLink,
    // The buttons alone: the menus' own wrappers hold a Suspense boundary, which the build's
    // prerender would finish with an inline script (the CSP forbids them).
    headerEnd: (
      <>
        <TeamSelectorButton selected={null} loading signedInEmail={null} aria-haspopup="listbox" />
        <UserMenuButton email={null} disabled />
      </>
    ),
    nav: pendingTeamNav(route),
    placeholder: <TeamPageStart route={route} />,
    termsHref: links.termsOfService,
    privacyHref: links.privacyPolicy,
    year: new Date().getFullYear(),
  };
}
