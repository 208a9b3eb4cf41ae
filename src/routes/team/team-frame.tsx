// The team area's frame before anything is known but the address: the header, the team selector's
// place, the nav's entries everyone has, and the page's heading and 'Loading'. The build prerenders
// it for each team page (src/prerender/), the console hydrates it, and it shows while the session
// settles; the team layout's own loading state lays out the same, so nothing moves when it takes over.
// Nothing here acts before it works: the selector and the menu are disabled, the nav is plain text.
import { links } from '@/app/config';
import { type TeamRouteName, teamNav } from '@/domain/permissions';
import { useCurrentRoute } from '@/routes/current-route';
import { BillingSkeleton } from '@/ui/billing-page/BillingSkeleton';
import { TeamLayout } from '@/ui/TeamLayout';
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

/** The nav before the membership is known: the entries everyone has, not links yet. */
export function PendingTeamNav({ activeRoute }: { activeRoute: TeamRouteName | null }) {
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

export function TeamFrame() {
  const route = teamRouteOf(useCurrentRoute()?.name);
  return (
    <TeamLayout
      state="loading"
      backHref={links.appDeepLink}
      // The buttons alone: the menus' own wrappers hold a Suspense boundary, which the build's
      // prerender would finish with an inline script (the CSP forbids them).
      selector={<TeamSelectorButton selected={null} loading signedInEmail={null} aria-haspopup="listbox" />}
      userMenu={<UserMenuButton email={null} disabled />}
      nav={<PendingTeamNav activeRoute={route} />}
      placeholder={<TeamPageStart route={route} />}
      termsHref={links.termsOfService}
      privacyHref={links.privacyPolicy}
      year={new Date().getFullYear()}
    />
  );
}
