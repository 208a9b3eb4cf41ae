import type { TeamNavEntry, TeamRouteName } from '@/domain/permissions';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import classes from './TeamNav.module.css';

export interface TeamNavProps {
  /** From `teamNav(role, plan)`: what this member may open, in order. */
  entries: readonly TeamNavEntry[];
  /** The route on show, marked as the current page; null when none of the entries is. */
  activeRoute: TeamRouteName | null;
  /** The address of a team route for the team on show. */
  hrefFor: (route: TeamRouteName) => string;
  onNavigate?: NavigateHandler;
}

/** The team area's nav bar (spec section 2, Nav). */
export function TeamNav({ entries, activeRoute, hrefFor, onNavigate }: TeamNavProps) {
  return (
    <nav className={classes.nav} aria-label="Team">
      {entries.map((entry) => {
        const href = hrefFor(entry.route);
        return (
          <a
            key={entry.key}
            className={classes.link}
            href={href}
            aria-current={entry.route === activeRoute ? 'page' : undefined}
            data-upsell={entry.key === 'upgrade' || undefined}
            onClick={linkClick(href, onNavigate)}
          >
            {entry.label}
          </a>
        );
      })}
    </nav>
  );
}
