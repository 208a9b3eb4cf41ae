// What a browser loads on a first visit to each route group of the built console, counted from
// Vite's manifest (dist/.vite/manifest.json): the entry script and its static imports (the
// modulepreload graph), plus the lazy chunk of every route the address matches (a team page also
// loads the team frame's chunk) and their static imports, with the CSS of all of them. Sizes are
// raw bytes and gzip bytes (level 9); 1 KB = 1024 bytes, as the figures are.
// One module for both readers: `npm run bench -- weight` prints the table, `npm run check:budgets`
// (scripts/check-budgets.ts) enforces the budgets over the same numbers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type RouteMeta, type RouteName, routeMeta } from '@/routes/route-table';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export type RowKind = 'public' | 'sign-in' | 'team';

export interface RowSpec {
  label: string;
  kind: RowKind;
  /** The routes whose first visit this row counts (the heaviest one is reported). */
  routes: RouteName[];
  /** Why there is nothing to count yet; the row prints this instead of sizes. */
  notBuilt?: string;
  /** Counted only once this route group has its own chunk (the page is built); else 'not built yet'. */
  builtWithGroup?: string;
  /** A note shown beside the sizes (a page that is still a placeholder). */
  note?: string;
  /**
   * Lazy modules a user action loads on top of the first visit (the card form): the row counts
   * them too and is no first visit, so it has no budget and may hold Stripe code.
   */
  opens?: string[];
}

/** The route groups of the weight benchmark. */
export const ROWS: RowSpec[] = [
  { label: 'public: /web-login', kind: 'public', routes: ['web-login'] },
  { label: 'public: /accept-invitation', kind: 'public', routes: ['accept-invitation'] },
  { label: 'public: /back-to-app', kind: 'public', routes: ['back-to-app'] },
  { label: 'public: public file', kind: 'public', routes: ['public-file'] },
  { label: 'public: 404', kind: 'public', routes: ['not-found'] },
  { label: 'sign-in: /login, /auth', kind: 'sign-in', routes: ['login', 'auth'] },
  { label: 'team: overview', kind: 'team', routes: ['team-overview'] },
  { label: 'team: members', kind: 'team', routes: ['team-users'] },
  { label: 'team: billing', kind: 'team', routes: ['team-billing'], builtWithGroup: 'team-billing' },
  {
    label: 'team: billing, card form open',
    kind: 'team',
    routes: ['team-billing'],
    builtWithGroup: 'team-billing',
    // The checkout's card step (Stripe.js loader, Elements, the card field) and the payment
    // confirmation; Stripe.js itself then comes from Stripe (or the sandbox), outside the build.
    opens: ['src/routes/team/billing-flows/card-step.tsx', 'src/routes/team/billing-flows/stripe.ts'],
    note: 'after the click; no budget',
  },
  {
    label: 'team: billing, Paddle checkout open',
    kind: 'team',
    routes: ['team-billing'],
    builtWithGroup: 'team-billing',
    // A Paddle team's checkout: its flow and @paddle/paddle-js; Paddle.js itself then comes from
    // Paddle (or the sandbox), outside the build.
    opens: ['src/routes/team/billing-flows/paddle-checkout-dialog.tsx', 'src/routes/payments/paddle.ts'],
    note: 'after the click; no budget',
  },
];

/**
 * The size budgets (KB gzip, first visit): the targets. And a count of files: over HTTP/1.1 a
 * browser fetches 6 at a time, so each 6 more files is a round trip more before the page can paint
 * (a team page's first visit was 38 files until decision 031 and is 16 to 20 since).
 */
export const BUDGETS = { publicJsKb: 130, teamJsKb: 190, cssKb: 20, files: 22 } as const;

/**
 * The JavaScript budget of a row: what CI holds it to. Every row is held to its target; there is no
 * ratchet at a measured weight (docs/decisions/004-first-visit-weight.md).
 */
export function jsBudgetKb(kind: RowKind): number {
  return kind === 'team' ? BUDGETS.teamJsKb : BUDGETS.publicJsKb;
}

/**
 * What makes a browser load ICU's locale data: the first Intl formatter or collator a page makes cost
 * 40-130 ms of the main thread on this machine, 160-500 ms under Lighthouse's 4x slowdown (decision
 * 032). A public page has no need of it (English only), so a public first visit must not hold one.
 */
export const ICU_CALLS = /\bIntl\.[A-Z]\w*|\.toLocale\w*String\(|\.localeCompare\(/g;

/**
 * Strings that must never appear in a first visit: Stripe.js, the card field, the sandbox stand-in,
 * and Paddle.js's loader.
 */
export const FORBIDDEN_ON_FIRST_VISIT = [
  '@stripe',
  '/sandbox/stripe/js',
  'js.stripe.com',
  '@paddle',
  'cdn.paddle.com',
];

export interface Weight {
  files: string[];
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  /** Forbidden strings found, as `file: string`. */
  forbidden: string[];
  /** Calls that load ICU's locale data (Intl formatters, toLocale*String, localeCompare), as `file: call`. */
  intl: string[];
}

export const kb = (bytes: number) => bytes / 1024;

export function readManifest(distDir: string): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build the console first (vite build; build.manifest is on)`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  return (entries[0] as [string, ManifestChunk])[0];
}

/** The manifest key of a route group's module (`src/routes/<folder>/<group>.group.ts`). */
function groupKey(manifest: Manifest, group: string): string {
  const key = Object.keys(manifest).find((name) => name.endsWith(`/${group}.group.ts`));
  if (!key) throw new Error(`no chunk for route group '${group}' in the manifest`);
  return key;
}

function hasGroup(manifest: Manifest, group: string): boolean {
  return Object.keys(manifest).some((name) => name.endsWith(`/${group}.group.ts`));
}

/** The routes the router matches for an address of this route: its team frame, then the route. */
function matchedRoutes(route: RouteMeta): RouteMeta[] {
  return route.layout === 'team' ? [routeMeta('team'), route] : [route];
}

/** Every chunk key a first visit loads: the entry's and the matched routes' static-import closures. */
export function firstVisitKeys(manifest: Manifest, name: RouteName, opens: string[] = []): string[] {
  const roots = [
    entryKey(manifest),
    ...matchedRoutes(routeMeta(name)).map((r) => groupKey(manifest, r.group)),
    ...opens,
  ];
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk '${key}'`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

const sizeCache = new Map<string, { raw: number; gzip: number; text: string }>();

function fileSize(distDir: string, file: string) {
  const path = join(distDir, file);
  let size = sizeCache.get(path);
  if (!size) {
    const bytes = readFileSync(path);
    const mapPath = `${path}.map`;
    // The source map names every module in the chunk: '@stripe/...' shows up there even minified.
    const sources = existsSync(mapPath) ? (JSON.parse(readFileSync(mapPath, 'utf8')).sources ?? []) : [];
    size = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      text: `${bytes.toString('utf8')}\n${sources.join('\n')}`,
    };
    sizeCache.set(path, size);
  }
  return size;
}

export function firstVisitWeight(
  distDir: string,
  manifest: Manifest,
  name: RouteName,
  opens: string[] = [],
): Weight {
  const keys = firstVisitKeys(manifest, name, opens);
  const js = keys.map((key) => (manifest[key] as ManifestChunk).file);
  const css = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
  const weight: Weight = {
    files: [...js, ...css],
    jsRaw: 0,
    jsGzip: 0,
    cssRaw: 0,
    cssGzip: 0,
    forbidden: [],
    intl: [],
  };
  for (const file of js) {
    const size = fileSize(distDir, file);
    weight.jsRaw += size.raw;
    weight.jsGzip += size.gzip;
  }
  for (const file of css) {
    const size = fileSize(distDir, file);
    weight.cssRaw += size.raw;
    weight.cssGzip += size.gzip;
  }
  for (const file of weight.files) {
    const { text } = fileSize(distDir, file);
    for (const needle of FORBIDDEN_ON_FIRST_VISIT) {
      if (text.includes(needle)) weight.forbidden.push(`${file}: ${needle}`);
    }
  }
  for (const file of js) {
    const calls = new Set(fileSize(distDir, file).text.match(ICU_CALLS) ?? []);
    for (const call of calls) weight.intl.push(`${file}: ${call}`);
  }
  return weight;
}

export interface RowWeight {
  spec: RowSpec;
  /** The heaviest of the row's routes (by gzip JS); null when not built yet. */
  route: RouteName | null;
  weight: Weight | null;
}

export function measureRows(distDir: string): RowWeight[] {
  const manifest = readManifest(distDir);
  return ROWS.map((spec) => {
    const built = !spec.builtWithGroup || hasGroup(manifest, spec.builtWithGroup);
    if (spec.notBuilt || !built)
      return { spec: { notBuilt: 'not built yet', ...spec }, route: null, weight: null };
    const missing = (spec.opens ?? []).filter((key) => !manifest[key]);
    if (missing.length > 0) throw new Error(`${spec.label}: no chunk for ${missing.join(', ')}`);
    const measured = spec.routes.map((route) => ({
      route,
      weight: firstVisitWeight(distDir, manifest, route, spec.opens),
    }));
    measured.sort((a, b) => b.weight.jsGzip - a.weight.jsGzip);
    const heaviest = measured[0] as { route: RouteName; weight: Weight };
    return { spec, ...heaviest };
  });
}

/** Every enforced limit the rows break, as sentences; empty when all pass. */
export function budgetFailures(rows: RowWeight[]): string[] {
  const failures: string[] = [];
  for (const { spec, weight } of rows) {
    if (!weight || spec.opens) continue;
    const jsLimit = jsBudgetKb(spec.kind);
    if (kb(weight.jsGzip) > jsLimit) {
      failures.push(`${spec.label}: ${kb(weight.jsGzip).toFixed(1)} KB gz JavaScript > ${jsLimit} KB`);
    }
    if (kb(weight.cssGzip) > BUDGETS.cssKb) {
      failures.push(`${spec.label}: ${kb(weight.cssGzip).toFixed(1)} KB gz CSS > ${BUDGETS.cssKb} KB`);
    }
    if (weight.files.length > BUDGETS.files) {
      failures.push(`${spec.label}: ${weight.files.length} files > ${BUDGETS.files}`);
    }
    for (const found of weight.forbidden) {
      failures.push(`${spec.label}: first visit loads payment provider code (${found})`);
    }
    if (spec.kind === 'public') {
      for (const found of weight.intl) {
        failures.push(`${spec.label}: first visit formats through ICU (${found}; decision 032)`);
      }
    }
  }
  return failures;
}

export function formatTable(rows: RowWeight[]): string {
  const header = [
    'route group',
    'files',
    'JS gz KB',
    'JS raw KB',
    'CSS gz KB',
    'CSS raw KB',
    'budget',
    'note',
  ];
  const body = rows.map(({ spec, weight }) => {
    if (!weight) return [spec.label, '', '', '', '', '', '', spec.notBuilt ?? ''];
    const jsBudget = jsBudgetKb(spec.kind);
    if (spec.opens) {
      const loaded = (name: string, mark: string) =>
        weight.forbidden.some((found) => found.includes(mark)) ? `${name} code loaded` : `no ${name} code`;
      const provider = spec.label.includes('Paddle')
        ? loaded('Paddle', 'paddle')
        : loaded('Stripe', 'stripe');
      const sizes = [weight.jsGzip, weight.jsRaw, weight.cssGzip, weight.cssRaw].map((n) => kb(n).toFixed(1));
      return [spec.label, String(weight.files.length), ...sizes, '-', `${spec.note}; ${provider}`];
    }
    const passes =
      kb(weight.jsGzip) <= jsBudget &&
      kb(weight.cssGzip) <= BUDGETS.cssKb &&
      weight.files.length <= BUDGETS.files &&
      weight.forbidden.length === 0;
    return [
      spec.label,
      String(weight.files.length),
      kb(weight.jsGzip).toFixed(1),
      kb(weight.jsRaw).toFixed(1),
      kb(weight.cssGzip).toFixed(1),
      kb(weight.cssRaw).toFixed(1),
      `${passes ? 'ok' : 'OVER'} (${jsBudget})`,
      spec.note ?? '',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 || column === 7 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [
    line(header),
    '-'.repeat(widths.reduce((sum, width) => sum + width + 2, 0)),
    ...body.map(line),
  ].join('\n');
}
