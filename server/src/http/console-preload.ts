// The route's lazy chunks, announced in the HTML (issue 13, decision 014): without this, a browser
// finds a page's chunk only after the entry script has downloaded and run (HTML -> entry -> route
// chunk -> its imports), a chain of three or four requests on a slow phone. The server knows the
// path, so the HTML names the matched route groups' chunks and their static imports up front, and
// they download beside the entry. Counted as bench/first-visit.ts counts a first visit: the matched
// routes' group modules (a team page: the team frame and the page) and their static imports, from
// Vite's manifest, minus what index.html already loads (the entry's own closure).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseTeamUserRef } from '../../../src/domain/team-user-ref';
import { type RouteMeta, routeTable } from '../../../src/routes/route-table';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Vite's build output names: fingerprinted files under assets/, nothing that could leave the origin. */
const ASSET_FILE = /^assets\/[\w.-]+\.(?:js|css)$/;

/** The static-import closure of these manifest keys (each key once). */
function closure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

function groupKey(manifest: Manifest, group: string): string | undefined {
  return Object.keys(manifest).find((name) => name.endsWith(`/${group}.group.ts`));
}

/** The <link> elements for one route: modulepreload for scripts, preload for its stylesheets. */
function linksFor(manifest: Manifest, route: RouteMeta): string {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const alreadyLoaded = new Set(entry ? closure(manifest, [entry]) : []);
  const matched = route.layout === 'team' ? ['team', route.group] : [route.group];
  const roots = matched.map((group) => groupKey(manifest, group)).filter((key) => key !== undefined);
  const keys = closure(manifest, roots).filter((key) => !alreadyLoaded.has(key));
  const loadedCss = new Set([...alreadyLoaded].flatMap((key) => manifest[key]?.css ?? []));
  const scripts = keys.map((key) => (manifest[key] as ManifestChunk).file);
  const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))].filter(
    (file) => !loadedCss.has(file),
  );
  // Same attributes as Vite's own links (crossorigin), so the preloaded response is the one used;
  // Vite's loader skips a chunk whose modulepreload link is already in the document. Low priority:
  // the entry, vendor and the render-blocking CSS go first on the few HTTP/1.1 connections, the
  // route's files right behind them instead of after the entry has run (decision 014).
  return [
    ...scripts
      .filter((file) => ASSET_FILE.test(file))
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    ...styles
      .filter((file) => ASSET_FILE.test(file))
      .map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
  ].join('');
}

/** A path's segments, as react-router splits them (a trailing slash matches the same route). */
function segments(pathname: string): string[] {
  return pathname.split('/').filter((part) => part !== '');
}

/** Static segments outrank parameters: /public-files/upload is not a file key. */
function matchScore(pattern: string, parts: string[]): number | null {
  const wanted = segments(pattern);
  if (wanted.length !== parts.length) return null;
  let score = 0;
  for (const [index, segment] of wanted.entries()) {
    const part = parts[index] as string;
    if (segment.startsWith(':')) {
      if (segment === ':teamUser' && parseTeamUserRef(part) === null) return null;
      continue;
    }
    if (segment.toLowerCase() !== part.toLowerCase()) return null;
    score += 1;
  }
  return score;
}

/** The route table's route for this path; none for the catch-all (an unknown path gets no links). */
export function matchRoute(pathname: string): RouteMeta | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const parts = segments(decoded);
  let best: { route: RouteMeta; score: number } | null = null;
  for (const route of routeTable as readonly RouteMeta[]) {
    if (route.path === '*') continue;
    const score = matchScore(route.path, parts);
    if (score !== null && (best === null || score > best.score)) best = { route, score };
  }
  return best?.route ?? null;
}

export interface RoutePreloads {
  /** A key naming the set of links (routes of one group share it), or null: no links for this path. */
  keyFor(pathname: string): string | null;
  /** The links of a key from keyFor. */
  links(key: string): string;
  /** Every key, to prepare each variant once at start. */
  keys(): string[];
}

/** The route preloads of a build; none when the build has no manifest. */
export function loadRoutePreloads(distDir: string): RoutePreloads {
  const file = path.join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest | null = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest)
    : null;
  const byRoute = new Map<string, string>();
  if (manifest) {
    for (const route of routeTable as readonly RouteMeta[]) {
      if (route.path === '*') continue;
      const links = linksFor(manifest, route);
      if (links) byRoute.set(route.name, links);
    }
  }
  return {
    keyFor(pathname) {
      const route = matchRoute(pathname);
      return route && byRoute.has(route.name) ? route.name : null;
    },
    links: (key) => byRoute.get(key) ?? '',
    keys: () => [...byRoute.keys()],
  };
}
