import type { MouseEvent } from 'react';

/** Called with an internal href when the user follows a link the app should route itself. */
export type NavigateHandler = (href: string) => void;

/**
 * onClick for an internal <a href>: a plain left click goes to onNavigate (client-side routing);
 * modified clicks (new tab, new window) and missing handlers keep the browser's behaviour.
 */
export function linkClick(href: string, onNavigate: NavigateHandler | undefined) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (!onNavigate || modified || event.button !== 0 || event.defaultPrevented) return;
    event.preventDefault();
    onNavigate(href);
  };
}
