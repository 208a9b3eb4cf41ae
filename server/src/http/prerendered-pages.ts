// The console's prerendered pages (scripts/vite-prerender.ts writes them into dist/prerendered/ with
// pages.json): which one answers a browser's navigation to an address. A page of the list answers
// the addresses of its route; a login link (/login?token=...&team_id=...&user_id=...) the team page
// it lands on, whose start script begins the link's exchange; the not-found page ('*') answers
// addresses no route of the console takes; any other address gets index.html, which the console
// renders itself.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SignInProvider } from '@domain/console-settings';
import { loginLinkDestination } from '@domain/login-link';

export interface PrerenderedEntry {
  route: string;
  file: string;
  /** The route's path pattern; '*' for the not-found page. */
  path: string;
  signInProviders?: string[];
}

/**
 * What a path param matches. `strict`: a page's own addresses, where a team user is `{tid}-{uid}`
 * (with any other the console shows its not-found page, not the team page's frame).
 */
function paramSource(name: string, strict: boolean): string {
  return strict && name === ':teamUser' ? '[1-9][0-9]*-[1-9][0-9]*' : '[^/]+';
}

/** A react-router path pattern as a regular expression: case-insensitive, an optional trailing slash. */
function patternRegExp(pattern: string, strict = false): RegExp {
  const source = pattern
    .split('/')
    .map((part) =>
      part.startsWith(':') ? paramSource(part, strict) : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * The prerendered file for an address (a path, with its query or not), or null for index.html.
 * `consolePaths` are every route pattern of the console: an address none of them takes is the
 * not-found page's.
 */
export function prerenderedFileFor(
  address: string,
  entries: readonly PrerenderedEntry[],
  consolePaths: readonly RegExp[],
): string | null {
  const [path = '', query = ''] = address.split('?', 2);
  // A login link shows the team page it lands on while its code is exchanged.
  const pathname = (path === '/login' && loginLinkDestination(new URLSearchParams(query))) || path;
  const page = entries.find((entry) => entry.path !== '*' && patternRegExp(entry.path, true).test(pathname));
  if (page) return page.file;
  const notFound = entries.find((entry) => entry.path === '*');
  if (!notFound || consolePaths.some((route) => route.test(pathname))) return null;
  return notFound.file;
}

export interface PrerenderedSite {
  entries: PrerenderedEntry[];
  consolePaths: RegExp[];
}

/**
 * The list in dist/prerendered/, keeping of /web-login the page rendered with this server's sign-in
 * providers; null when the build has none (an older build: every page is index.html).
 */
export function readPrerenderedSite(
  distDir: string,
  signInProviders: readonly SignInProvider[],
): PrerenderedSite | null {
  const folder = path.join(distDir, 'prerendered');
  const manifest = path.join(folder, 'pages.json');
  if (!existsSync(manifest)) return null;
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as {
    pages: PrerenderedEntry[];
    consolePaths: string[];
  };
  const providers = [...signInProviders].sort().join(',');
  const entries = parsed.pages
    .filter((entry) => !entry.signInProviders || [...entry.signInProviders].sort().join(',') === providers)
    .map((entry) => ({ ...entry, file: path.join(folder, entry.file) }));
  return { entries, consolePaths: parsed.consolePaths.map((pattern) => patternRegExp(pattern)) };
}
