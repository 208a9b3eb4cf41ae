import { useLayoutEffect, useRef } from 'react';
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

/**
 * Scrolls the one-line nav sideways so the link shows whole. Chromium leaves a focused link that is
 * partly in view where it is, and a phone shows the nav's last entry cut off.
 */
function revealInNav(link: HTMLElement) {
  const nav = link.parentElement;
  if (!nav) return;
  const start = link.offsetLeft;
  const end = start + link.offsetWidth;
  if (start < nav.scrollLeft) nav.scrollLeft = start;
  else if (end > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = end - nav.clientWidth;
}

/** The team area's nav bar (spec section 2, Nav). */
export function TeamNav({ entries, activeRoute, hrefFor, onNavigate }: TeamNavProps) {
  const activeLink = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    if (activeRoute && activeLink.current) revealInNav(activeLink.current);
  }, [activeRoute]);
  return (
    <nav className={classes.nav} aria-label="Team">
      {entries.map((entry) => {
        const href = hrefFor(entry.route);
        const active = entry.route === activeRoute;
        return (
          <a
            key={entry.key}
            ref={active ? activeLink : undefined}
            className={classes.link}
            href={href}
            aria-current={active ? 'page' : undefined}
            data-upsell={entry.key === 'upgrade' || undefined}
            onClick={linkClick(href, onNavigate)}
            onFocus={(event) => revealInNav(event.currentTarget)}
          >
            {entry.label}
          </a>
        );
      })}
    </nav>
  );
}
