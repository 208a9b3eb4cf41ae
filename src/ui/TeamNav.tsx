import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  /**
   * The team frame before the membership is known: the entries everyone has, in their places, as
   * plain text that does not look or act like a link until the real nav replaces it.
   */
  pending?: boolean;
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

/** Whether the nav has entries hidden past its start or its end (a phone cuts the last one). */
function useHiddenEntries(nav: RefObject<HTMLElement | null>) {
  const [hidden, setHidden] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = nav.current;
    if (!element) return;
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setHidden((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  }, [nav]);
  // Measured when the observer reports, which it does once the nav is first laid out and on every
  // resize: the browser has just done the layout then, so reading it costs nothing. Read straight
  // from the effect, it forced the whole page's layout in the middle of the frame's commit (decision
  // 032).
  useEffect(() => {
    const element = nav.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [nav, measure]);
  return { ...hidden, measure };
}

/**
 * The team area's nav bar (spec section 2, Nav). On a narrow screen it scrolls sideways; a fade and
 * an arrow at the cut edge say there is more, and the arrow scrolls to it.
 */
export function TeamNav({ entries, activeRoute, hrefFor, onNavigate, pending }: TeamNavProps) {
  const activeLink = useRef<HTMLAnchorElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { before, after, measure } = useHiddenEntries(navRef);
  // In the next frame, before it paints (so the nav never shows unscrolled), when the browser lays
  // the page out anyway: revealing from the layout effect itself forced that layout inside React's
  // commit, 160-400 ms of a team page's first load under Lighthouse's 4x slowdown (decision 032).
  useLayoutEffect(() => {
    if (!activeRoute) return;
    const frame = requestAnimationFrame(() => {
      if (activeLink.current) revealInNav(activeLink.current);
    });
    return () => cancelAnimationFrame(frame);
  }, [activeRoute]);
  const scrollBy = (direction: 1 | -1) => {
    const nav = navRef.current;
    if (nav) nav.scrollBy({ left: direction * nav.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <div
      className={classes.frame}
      data-hidden-before={before || undefined}
      data-hidden-after={after || undefined}
    >
      {/* Pointer help only: keyboard users reach every link with Tab, which scrolls it into view. */}
      {before && (
        <button
          type="button"
          className={classes.more}
          data-side="before"
          aria-hidden
          tabIndex={-1}
          onClick={() => scrollBy(-1)}
        >
          ‹
        </button>
      )}
      <nav
        ref={navRef}
        className={classes.nav}
        aria-label="Team"
        data-pending={pending || undefined}
        onScroll={measure}
      >
        {entries.map((entry) => {
          const href = hrefFor(entry.route);
          const active = entry.route === activeRoute;
          if (pending) {
            return (
              <span
                key={entry.key}
                className={classes.link}
                aria-disabled="true"
                aria-current={active ? 'page' : undefined}
              >
                {entry.label}
              </span>
            );
          }
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
      {after && (
        <button
          type="button"
          className={classes.more}
          data-side="after"
          aria-hidden
          tabIndex={-1}
          onClick={() => scrollBy(1)}
        >
          ›
        </button>
      )}
    </div>
  );
}
