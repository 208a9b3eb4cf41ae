// Lighthouse: the lighthouse package (12.8.2, the last line that runs on Node 20), its default mobile
// preset (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown), Debian's Chromium, the
// median of BENCH_LIGHTHOUSE_RUNS (default 3) runs per page, against `npm start` on a fresh temporary
// DATA_DIR and a free port. The floor is a minimal HTML page served on the same machine: every page's
// LCP is printed as a ratio to it. Two more floors tell what is the page's own: the floor with one
// empty deferred script (the model puts any script that ran before the paint, and the task that
// asked for it, on the LCP's path), and that with the security headers the console sends (read from
// the server under test), whose Cross-Origin-Opener-Policy has the browser commit the page in a fresh
// renderer process, a costlier task (decision 055). A fourth is the team overview's prerendered
// frame with none of the console's code: what the frame alone costs, so what a team page from a
// login link adds to it is the code's own (floor-pages.ts serves all four). The team pages are
// measured two ways: signed in (the browser follows a login link from the CLI first, and those runs
// keep its storage but start each time with an empty HTTP cache), and from a login link, as people
// arrive from the app (a fresh visitor and a fresh link each run, the code exchange included). The
// targets follow the table as ratios within the run.
// Run: npm run bench -- lighthouse

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { acmeLoginLink, sharedFilePage, teamPagePath } from './bench-pages';
import { root, startConsoleServer } from './console-server';
import { consoleSecurityHeaders, type StaticPage, startFloorPage, startTeamFramePage } from './floor-pages';
import { lcpPath } from './lcp-path';
import { tbtTasks } from './tbt-tasks';

// BENCH_LIGHTHOUSE_CHROMIUM=/usr/bin/chromium-headless-shell: the browser without its UI, whose
// WebUI pages (the omnibox popup's 90-odd module files) the full browser loads beside the page under
// test, on the same two cores, in the first two seconds of every run.
const CHROMIUM = process.env.BENCH_LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// BENCH_LIGHTHOUSE_JSON=<folder>: keep every run's full report there (opportunities, diagnostics).
const REPORTS = process.env.BENCH_LIGHTHOUSE_JSON;
// BENCH_LIGHTHOUSE_THROTTLING=devtools: throttle the real browser (same 4G and 4x CPU figures) instead
// of Lighthouse's default simulation, whose model counts every parser-found script request (a
// modulepreload) as blocking first paint while it ignores script-found ones (decision 014).
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
// BENCH_LIGHTHOUSE_LCP_PATH=1: after each run, what the simulation put on the path to its LCP
// (lcp-path.ts): the requests and tasks, with their simulated times.
const LCP_PATH = process.env.BENCH_LIGHTHOUSE_LCP_PATH === '1' && THROTTLING === 'simulate';
// BENCH_LIGHTHOUSE_TBT_TASKS=1: after each run, the tasks its Total Blocking Time comes from
// (tbt-impact tasks): when each ran, its blocking time, and what its time went to.
const TBT_TASKS = process.env.BENCH_LIGHTHOUSE_TBT_TASKS === '1';
// BENCH_LIGHTHOUSE_PAGES=web-login,public-file: measure only these (of floor, floor-script,
// floor-script-headers, web-login, public-file, accept-invitation, back-to-app, not-found, overview,
// members, billing, team-frame, link-overview, link-billing); the others' rows say they were left out.
const ALL_PAGES =
  'floor,floor-script,floor-script-headers,web-login,public-file,accept-invitation,back-to-app,not-found,overview,members,billing,team-frame,link-overview,link-billing';
const PAGES = new Set((process.env.BENCH_LIGHTHOUSE_PAGES ?? ALL_PAGES).split(','));
let version = '';
/** Every run's BenchmarkIndex: Lighthouse's measure of the machine's CPU, taken before each run. */
const benchmarkIndexes: number[] = [];

interface Row {
  page: string;
  target: string;
  result?: { score: number; fcp: number; lcp: number; tbt: number; cls: number; runs: number };
  skipped?: string;
}

type Lhr = Parameters<typeof computeMedianRun>[0][number];

function summary(lhr: Lhr, runs: number): NonNullable<Row['result']> {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    runs,
  };
}

/**
 * One Lighthouse run. A run whose trace Lighthouse failed to record (NO_NAVSTART and the like, seen on
 * a loaded machine) is run again, up to twice: it says nothing about the page.
 */
async function lighthouseRun(url: string, port: number, keepStorage: boolean) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Signed in: the session lives in localStorage, which Lighthouse would otherwise wipe.
      disableStorageReset: keepStorage,
      throttlingMethod: THROTTLING,
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt >= 3 || !/trace/i.test(error.message)) throw new Error(`${url}: ${error.message}`);
    console.error(`${url}: ${error.code}, running it again`);
  }
}

/**
 * The median of RUNS runs of one page. `url` is asked for before each run: a login link is spent by
 * its run. `lands`: the path the run must end on (a login link ends on the team page it names).
 */
async function measure(
  name: string,
  url: string | (() => Promise<string>),
  port: number,
  keepStorage: boolean,
  clearCache: () => Promise<void>,
  lands?: RegExp,
) {
  const lhrs: Lhr[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (keepStorage) await clearCache();
    const address = typeof url === 'string' ? url : await url();
    const result = await lighthouseRun(address, port, keepStorage);
    // A lost session would measure the login page instead: refuse a run that ended elsewhere.
    const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
    const expected = lands ?? new RegExp(`^${new URL(address).pathname}$`);
    if (!expected.test(landed)) throw new Error(`${address}: the page ended at ${landed}`);
    lhrs.push(result.lhr);
    benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
    if (LCP_PATH) {
      // A diagnostic only: a run whose graph Lantern cannot build (no LCP) says so, and still counts.
      const lines = await lcpPath(result.artifacts, result.lhr.configSettings).catch((error: Error) => [
        `no LCP path: ${error.message}`,
      ]);
      console.log(`${name} run ${i + 1}: ${lines.join('\n')}`);
    }
    if (TBT_TASKS) {
      const lines = await tbtTasks(result.artifacts, result.lhr.configSettings).catch((error: Error) => [
        `no TBT tasks: ${error.message}`,
      ]);
      console.log(`${name} run ${i + 1}: ${lines.join('\n')}`);
    }
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(path.join(REPORTS, `${name}-${i + 1}.json`), JSON.stringify(result.lhr, null, 1));
    }
    version = result.lhr.lighthouseVersion;
  }
  return summary(computeMedianRun(lhrs), lhrs.length);
}

const rows: Row[] = [
  { page: 'minimal HTML page (floor)', target: 'what the network model alone costs' },
  { page: 'floor with a deferred script', target: 'what any script costs in the model' },
  { page: "floor, script, console's headers", target: 'and a fresh renderer process (COOP)' },
  { page: '/web-login', target: '>= 0.98, LCP <= 1.8 s, TBT <= 100 ms' },
  { page: 'public file page', target: '>= 0.98, LCP <= 1.8 s, TBT <= 100 ms' },
  { page: '/accept-invitation (bad key)', target: 'LCP within 1.6x of the floor' },
  { page: '/back-to-app (bad key)', target: 'LCP within 1.6x of the floor' },
  { page: 'not-found page', target: 'LCP within 1.6x of the floor' },
  { page: 'team overview (signed in)', target: '>= 0.95' },
  { page: 'team members (signed in)', target: 'within 10% of overview' },
  { page: 'team billing (signed in)', target: 'within 10% of overview' },
  { page: 'team frame, none of its code', target: "what the frame alone costs: the team pages' bound" },
  { page: 'team overview from a login link', target: '>= 0.95' },
  { page: 'team billing from a login link', target: '>= 0.95' },
];
const [
  floor,
  floorWithScript,
  floorAsConsole,
  webLogin,
  publicFile,
  invitationRow,
  backToAppRow,
  notFoundRow,
  overviewRow,
  membersRow,
  billingRow,
  teamFrame,
  linkOverview,
  linkBilling,
] = rows as [Row, Row, Row, Row, Row, Row, Row, Row, Row, Row, Row, Row, Row, Row];

const PAGE_ROWS: [string, Row][] = [
  ['floor', floor],
  ['floor-script', floorWithScript],
  ['floor-script-headers', floorAsConsole],
  ['web-login', webLogin],
  ['public-file', publicFile],
  ['accept-invitation', invitationRow],
  ['back-to-app', backToAppRow],
  ['not-found', notFoundRow],
  ['overview', overviewRow],
  ['members', membersRow],
  ['billing', billingRow],
  ['team-frame', teamFrame],
  ['link-overview', linkOverview],
  ['link-billing', linkBilling],
];
for (const [name, row] of PAGE_ROWS) if (!PAGES.has(name)) row.skipped = 'not in BENCH_LIGHTHOUSE_PAGES';

if (!existsSync(CHROMIUM)) {
  for (const row of rows) row.skipped ??= `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
} else {
  const server = await startConsoleServer('/web-login');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const [page] = await browser.pages();
    if (!page) throw new Error('Chromium has no page');
    const cdp = await page.createCDPSession();
    const clearCache = async () => {
      await cdp.send('Network.clearBrowserCache');
    };

    // The pages measured against, each from a small server of its own (floor-pages.ts).
    const floors: [string, Row, (headers: Record<string, string>) => Promise<StaticPage>][] = [
      ['floor', floor, () => startFloorPage(false, {})],
      ['floor-script', floorWithScript, () => startFloorPage(true, {})],
      ['floor-script-headers', floorAsConsole, (headers) => startFloorPage(true, headers)],
      ['team-frame', teamFrame, (headers) => startTeamFramePage(root, headers)],
    ];
    const headers = await consoleSecurityHeaders(`${server.url}/web-login`);
    for (const [name, row, start] of floors) {
      if (!PAGES.has(name)) continue;
      const floorPage = await start(headers);
      try {
        row.result = await measure(name, floorPage.url, chrome.port, false, clearCache);
      } finally {
        floorPage.close();
      }
    }
    if (PAGES.has('web-login')) {
      webLogin.result = await measure('web-login', `${server.url}/web-login`, chrome.port, false, clearCache);
    }
    if (PAGES.has('public-file')) {
      const filePage = await sharedFilePage(server.url, server.env);
      publicFile.result = await measure('public-file', filePage, chrome.port, false, clearCache);
    }
    // The other public pages, each opened with a key no server knows (the spec's error line).
    const publicPages: [string, Row, string][] = [
      ['accept-invitation', invitationRow, '/accept-invitation?key=bench-unknown-key'],
      ['back-to-app', backToAppRow, '/back-to-app?key=bench-unknown-key'],
      ['not-found', notFoundRow, '/no-such-page'],
    ];
    for (const [name, row, address] of publicPages) {
      if (PAGES.has(name))
        row.result = await measure(name, `${server.url}${address}`, chrome.port, false, clearCache);
    }

    if (['overview', 'members', 'billing'].some((name) => PAGES.has(name))) {
      // Sign in as a user would: a login link from the CLI, opened in this browser.
      await page.goto(await acmeLoginLink(server.env));
      // The address is the team page's while the code is still exchanged: signed in once it is stored.
      await page.waitForFunction(
        () =>
          /\/teams\/\d+-\d+\/overview$/.test(location.pathname) &&
          localStorage.getItem('spark-console:session') !== null,
        { timeout: 30_000 },
      );
      const overview = page.url();
      await page.goto('about:blank');
      const teamPage = (name: string) => overview.replace(/\/overview$/, `/${name}`);
      if (PAGES.has('overview')) {
        overviewRow.result = await measure('overview', overview, chrome.port, true, clearCache);
      }
      if (PAGES.has('members')) {
        membersRow.result = await measure('members', teamPage('users'), chrome.port, true, clearCache);
      }
      if (PAGES.has('billing')) {
        billingRow.result = await measure('billing', teamPage('billing'), chrome.port, true, clearCache);
      }
    }
    // How people arrive from the app: a login link, its code exchanged, then the team page it names.
    // A fresh visitor each run (storage and cache reset), and a fresh link, since each is spent.
    if (PAGES.has('link-overview')) {
      linkOverview.result = await measure(
        'link-overview',
        () => acmeLoginLink(server.env),
        chrome.port,
        false,
        clearCache,
        teamPagePath('overview'),
      );
    }
    if (PAGES.has('link-billing')) {
      linkBilling.result = await measure(
        'link-billing',
        () => acmeLoginLink(server.env, 'billing'),
        chrome.port,
        false,
        clearCache,
        teamPagePath('billing'),
      );
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await server.stop();
  }
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
console.log(
  `\nLighthouse ${version} mobile preset (${THROTTLING} throttling), Debian's Chromium, median of ${RUNS}\n`,
);
const header = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'target'];
const body = rows.map(({ page, target, result, skipped }) =>
  result
    ? [
        page,
        result.score.toFixed(2),
        ms(result.fcp),
        ms(result.lcp),
        `${Math.round(result.tbt)} ms`,
        result.cls.toFixed(3),
        target,
      ]
    : [page, skipped ?? '', '', '', '', '', target],
);
const widths = header.map((title, column) =>
  Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
);
for (const cells of [header, ...body]) {
  console.log(
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

// The targets are ratios within one run: this machine's speed varies too much for absolutes.
type Metric = 'tbt' | 'lcp';
const RATIOS: { label: string; of: Row; to: Row; metric: Metric; most: number }[] = [
  { label: 'overview / web-login TBT', of: overviewRow, to: webLogin, metric: 'tbt', most: 2.5 },
  { label: 'overview / web-login LCP', of: overviewRow, to: webLogin, metric: 'lcp', most: 1.3 },
  { label: 'members / overview TBT', of: membersRow, to: overviewRow, metric: 'tbt', most: 1.1 },
  { label: 'members / overview LCP', of: membersRow, to: overviewRow, metric: 'lcp', most: 1.1 },
  { label: 'billing / overview TBT', of: billingRow, to: overviewRow, metric: 'tbt', most: 1.1 },
  { label: 'billing / overview LCP', of: billingRow, to: overviewRow, metric: 'lcp', most: 1.1 },
  { label: 'public file / web-login TBT', of: publicFile, to: webLogin, metric: 'tbt', most: 1.2 },
];
console.log('\nratio (same run)             value  target');
for (const { label, of, to, metric, most } of RATIOS) {
  const ratio = of.result && to.result ? of.result[metric] / to.result[metric] : Number.NaN;
  const verdict = Number.isNaN(ratio) ? 'not measured' : ratio <= most ? 'ok' : 'OVER';
  console.log(`${label.padEnd(28)} ${ratio.toFixed(2).padStart(6)}  <= ${most}  ${verdict}`);
}
// Each page against the floor: a minimal HTML page served on the same machine, whose LCP is what the
// network model alone costs; and against the floor as the console serves a page (a deferred script,
// the console's headers): what is left is the page's own.
const lcpRatio = (row: Row, to: Row) =>
  row.result && to.result ? (row.result.lcp / to.result.lcp).toFixed(2) : 'not measured';
console.log(`\n${'LCP ratio to the floor (same run)'.padEnd(34)} ${'bare'.padStart(12)}  script, headers`);
for (const row of rows.slice(3)) {
  console.log(
    `${row.page.padEnd(34)} ${lcpRatio(row, floor).padStart(12)}  ${lcpRatio(row, floorAsConsole).padStart(12)}`,
  );
}
for (const row of [floorWithScript, floorAsConsole])
  console.log(`${row.page.padEnd(34)} ${lcpRatio(row, floor).padStart(12)}`);
// The frame alone is what a team page costs before any of the console's code: what a page from a
// login link adds to it (its exchange, style sheets, code and render) is the code's own.
console.log('\nbeyond the team frame alone (same run)   TBT     score');
for (const row of [linkOverview, linkBilling]) {
  const [of, frame] = [row.result, teamFrame.result];
  const beyond =
    of && frame
      ? `${`${of.tbt >= frame.tbt ? '+' : ''}${Math.round(of.tbt - frame.tbt)} ms`.padStart(9)}  ${(of.score - frame.score).toFixed(2).padStart(6)}`
      : 'not measured';
  console.log(`${row.page.padEnd(38)} ${beyond}`);
}
// Lighthouse's 4x CPU slowdown assumes a fast desktop; below a BenchmarkIndex of 1000 it warns that
// the host is slower than it expects: every observed task is then longer before the slowdown, and a
// task's blocking time is what it lasts past 50 ms, so TBT grows faster than the CPU is slower.
if (benchmarkIndexes.length > 0) {
  const sorted = benchmarkIndexes.toSorted((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(
    `\nBenchmarkIndex (Lighthouse's CPU measure, before each run): median ${Math.round(median)}, ` +
      `${Math.round(sorted[0] ?? Number.NaN)} to ${Math.round(sorted.at(-1) ?? Number.NaN)} over ${sorted.length} runs; ` +
      `Lighthouse warns of a slower CPU than it expects below 1000${median < 1000 ? ': this machine is' : ''}.`,
  );
}
console.log('\nThe machine is shared and noisy: compare runs made side by side, not across days.');
