// Where a page's main-thread time goes on first load ('a Chrome trace before cutting'):
// Debian's Chromium headless shell at Lighthouse's 4x CPU slowdown, an empty HTTP cache, a Chrome
// trace and V8's sampling profiler over each load. Per page and load it prints:
// - the layouts: how many, those of 100 objects or more (whether script forced them, and their
//   times), the objects laid out, and the style recalculations (those of 100 elements or more with
//   their times). The counts hold on a busy machine; the times do not.
// - the blocking time: the long tasks' time past 50 ms from the first contentful paint on, as
//   Lighthouse's TBT counts it but under real 4x throttling (TBT simulates it), where that paint
//   falls, and the main thread's task time after it (long tasks or not); at the end, the blocking
//   time's median per page.
// - each long task (over 50 ms, what Lighthouse's TBT counts; its blocking part when it has one),
//   its top-level trace events and the functions of the built chunks that ran in it (self time,
//   with the start of their code).
// Pages: the team overview, members and billing, signed in as Olivia (a CLI login link opened first);
// /web-login and the public file page (a file uploaded for the run, as `lighthouse` does), signed out
// in a browser context of their own whose storage is cleared before each load, as Lighthouse clears
// it. BENCH_TRACE_PAGES (comma list of overview, users, billing, web-login, public-file, and
// link-overview and link-billing: from a fresh login link each load, signed out; default the three
// team pages), BENCH_TRACE_LOADS (default 2), BENCH_TRACE_TASKS=0 for the layouts only.
// Run: npm run bench -- trace   (decisions 036, 039, 040)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { acmeLoginLink, sharedFilePage, teamPagePath } from './bench-pages';
import { root, startConsoleServer } from './console-server';

const CHROMIUM = process.env.BENCH_TRACE_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const PAGES = (process.env.BENCH_TRACE_PAGES ?? 'overview,users,billing').split(',');
const LOADS = Number(process.env.BENCH_TRACE_LOADS ?? 2);
const SHOW_TASKS = process.env.BENCH_TRACE_TASKS !== '0';
const LONG_TASK_US = 50_000;
const TEAM_PAGES = ['overview', 'users', 'billing'];
const PUBLIC_PAGES = ['web-login', 'public-file'];
/** A login link as people arrive from the app, the code exchange included: where each lands. */
const LINK_PAGES: Record<string, string> = { 'link-overview': 'overview', 'link-billing': 'billing' };
const unknown = PAGES.filter(
  (name) => !TEAM_PAGES.includes(name) && !PUBLIC_PAGES.includes(name) && !(name in LINK_PAGES),
);
if (unknown.length > 0) {
  console.error(
    `Unknown BENCH_TRACE_PAGES: ${unknown.join(', ')} (${[...TEAM_PAGES, ...PUBLIC_PAGES, ...Object.keys(LINK_PAGES)].join(', ')})`,
  );
  process.exit(2);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    data?: { url?: string };
    beginData?: { dirtyObjects?: number };
  };
}
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The renderer main thread that did the most work: the page's, not about:blank's. */
function mainThreadEvents(events: TraceEvent[]): TraceEvent[] {
  const threads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t: TraceEvent) =>
    events
      .filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = threads.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) return [];
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur);
}

const SCRIPT_EVENTS = new Set(['FunctionCall', 'FireAnimationFrame', 'EvaluateScript', 'v8.evaluateModule']);
const within = (outer: TraceEvent, inner: TraceEvent) =>
  outer.ts <= inner.ts && outer.ts + (outer.dur ?? 0) >= inner.ts + (inner.dur ?? 0);

function printLayouts(events: TraceEvent[], label: string) {
  const layouts = events.filter((e) => e.name === 'Layout');
  const scripts = events.filter((e) => SCRIPT_EVENTS.has(e.name));
  const objects = (e: TraceEvent) => Number(e.args?.beginData?.dirtyObjects ?? 0);
  const ms = (e: TraceEvent) => `${((e.dur ?? 0) / 1000).toFixed(0)} ms`;
  const big = layouts
    .filter((e) => objects(e) >= 100)
    .map((e) => `${objects(e)}${scripts.some((s) => within(s, e)) ? ' forced' : ''} in ${ms(e)}`);
  const styles = events.filter((e) => e.name === 'UpdateLayoutTree');
  const elements = (e: TraceEvent) => Number(e.args?.elementCount ?? 0);
  const bigStyles = styles.filter((e) => elements(e) >= 100).map((e) => `${elements(e)} in ${ms(e)}`);
  console.log(
    `${label}: ${layouts.length} layouts, of 100 objects or more: ${big.length} (${big.join(', ')}); ` +
      `${layouts.reduce((sum, e) => sum + objects(e), 0)} objects laid out; ${styles.length} style ` +
      `recalculations, of 100 elements or more: ${bigStyles.length} (${bigStyles.join(', ')})`,
  );
}

/** Where the load's times count from: the main thread's first task. */
function firstTaskStart(events: TraceEvent[]): number {
  const starts = events.filter((e) => e.name === 'RunTask').map((e) => e.ts);
  return starts.length > 0 ? Math.min(...starts) : 0;
}

/** The start of a built function's code, so a minified name says what it is. */
function codeAt(url: string, line: number, column: number): string {
  const file = url.split('/').pop() ?? '';
  if (!file.endsWith('.js')) return '';
  try {
    const text = readFileSync(path.join(root, 'dist/assets', file), 'utf8').split('\n')[line] ?? '';
    return text.slice(column, column + 70).replace(/\s+/g, ' ');
  } catch {
    return '';
  }
}

function printLongTasks(events: TraceEvent[], profile: CpuProfile, paint: number) {
  const tasks = events.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const start = firstTaskStart(events);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const sampleTimes: number[] = [];
  let time = profile.startTime;
  for (const delta of profile.timeDeltas) {
    time += delta;
    sampleTimes.push(time);
  }
  for (const task of tasks.filter((t) => (t.dur ?? 0) > LONG_TASK_US)) {
    const inside = events.filter((e) => e !== task && within(task, e));
    const topLevel = new Map<string, number>();
    for (const event of inside) {
      if (
        inside.some((other) => other !== event && (other.dur ?? 0) > (event.dur ?? 0) && within(other, event))
      )
        continue;
      const url = event.args?.data?.url ? ` ${String(event.args.data.url).split('/').pop()}` : '';
      topLevel.set(event.name + url, (topLevel.get(event.name + url) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const blocking = blockingPart(task, paint) / 1000;
    console.log(
      `  long task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms` +
        (blocking > 0 ? `, ${blocking.toFixed(0)} ms of it blocking` : ''),
    );
    for (const [name, ms] of [...topLevel].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
      console.log(`    ${ms.toFixed(0).padStart(5)} ms ${name}`);
    }
    const selfTime = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const at = sampleTimes[index] as number;
      if (at < task.ts || at > task.ts + (task.dur ?? 0)) return;
      const frame = nodes.get(id);
      if (!frame || frame.functionName === '(idle)') return;
      const key = `${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}:${frame.columnNumber} ${frame.functionName}`;
      selfTime.set(key, (selfTime.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
    });
    for (const [key, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
      const [where = '', name = ''] = key.split(' ');
      const [file = '', line = '0', column = '0'] = where.split(':');
      const code = codeAt(file, Number(line), Number(column));
      console.log(`      ${ms.toFixed(1).padStart(6)} ms ${file || name} ${name}${code ? ` | ${code}` : ''}`);
    }
  }
}

/** The first contentful paint of the page's own renderer; without one (nothing painted), 0: every task counts. */
function firstPaint(all: TraceEvent[], events: TraceEvent[]): number {
  const pid = events[0]?.pid;
  return all.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? 0;
}

/** A task's time past 50 ms from the first contentful paint on (a task that paint falls in counts from it). */
function blockingPart(task: TraceEvent, paint: number): number {
  const span = task.ts + (task.dur ?? 0) - Math.max(task.ts, paint);
  return span > LONG_TASK_US ? span - LONG_TASK_US : 0;
}

/** The main thread's task time from the first contentful paint on, long tasks or not, in ms. */
function workAfter(events: TraceEvent[], paint: number): number {
  const tasks = events.filter((e) => e.name === 'RunTask');
  return tasks.reduce((sum, t) => sum + Math.max(0, t.ts + (t.dur ?? 0) - Math.max(t.ts, paint)), 0) / 1000;
}

/** TBT's sum under real throttling: each main-thread task's blocking part, in ms. */
function blockingTime(events: TraceEvent[], paint: number): number {
  const tasks = events.filter((e) => e.name === 'RunTask');
  return tasks.reduce((sum, task) => sum + blockingPart(task, paint), 0) / 1000;
}

/** The middle value; of an even count (the default two loads), the mean of the middle two. */
// The ratios between pages, here of the mean blocking time: a median is often 0 ms, where a
// ratio says nothing (decision 040).
const BLOCKING_RATIOS: [page: string, to: string, most: number][] = [
  ['users', 'overview', 1.1],
  ['billing', 'overview', 1.1],
  ['public-file', 'web-login', 1.2],
];

function printBlockingRatios(blocking: Map<string, number[]>) {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const rows = BLOCKING_RATIOS.filter(([page, to]) => blocking.has(page) && blocking.has(to));
  if (rows.length === 0) return;
  console.log('\nratio of mean blocking times (same run; target):');
  for (const [page, to, most] of rows) {
    const [of, base] = [mean(blocking.get(page) ?? []), mean(blocking.get(to) ?? [])];
    const verdict =
      of === 0
        ? 'ok (none)'
        : base === 0
          ? 'over'
          : of / base <= most
            ? `${(of / base).toFixed(2)} ok`
            : `${(of / base).toFixed(2)} over`;
    console.log(
      `  ${`${page} / ${to}`.padEnd(24)} ${of.toFixed(0)} / ${base.toFixed(0)} ms  ${verdict}  (<= ${most})`,
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function traceLoad(
  page: Page,
  cdp: CDPSession,
  url: string,
  label: string,
  /** Where a load must end (a login link's lands on its team page); by default, where it began. */
  landsAt?: RegExp,
): Promise<number> {
  await page.goto('about:blank');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const trace = await page.tracing.stop();
  // A lost session would trace the login page instead: refuse a load that ended elsewhere.
  const landed = new URL(page.url()).pathname;
  const expected = landsAt ? landsAt.test(landed) : landed === new URL(url).pathname;
  if (!expected) throw new Error(`${url}: the page ended at ${landed}`);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const all: TraceEvent[] = JSON.parse(Buffer.from(trace ?? []).toString('utf8')).traceEvents;
  const events = mainThreadEvents(all);
  const paint = firstPaint(all, events);
  const blocking = blockingTime(events, paint);
  printLayouts(events, label);
  const paintAt = paint ? ` (at ${((paint - firstTaskStart(events)) / 1000).toFixed(0)} ms)` : '';
  console.log(
    `  blocking time from first contentful paint${paintAt}: ${blocking.toFixed(0)} ms ` +
      `(tasks after it: ${workAfter(events, paint).toFixed(0)} ms)`,
  );
  if (SHOW_TASKS) printLongTasks(events, profile, paint);
  return blocking;
}

interface Tab {
  page: Page;
  cdp: CDPSession;
}

async function openTab(page: Page): Promise<Tab> {
  // Lighthouse's mobile preset: a Moto G Power's screen.
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  return { page, cdp: await page.createCDPSession() };
}

const server = await startConsoleServer('/web-login');
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  // Each page's address, and the tab that opens it.
  const urls = new Map<
    string,
    { url: string | (() => Promise<string>); tab: Tab; signedOut: boolean; landsAt?: RegExp }
  >();
  if (PAGES.some((name) => TEAM_PAGES.includes(name))) {
    const tab = await openTab(await browser.newPage());
    await tab.page.goto(await acmeLoginLink(server.env));
    await tab.page.waitForFunction(() => /\/overview$/.test(location.pathname), { timeout: 30_000 });
    const overview = tab.page.url();
    for (const name of TEAM_PAGES) {
      urls.set(name, { url: overview.replace(/\/overview$/, `/${name}`), tab, signedOut: false });
    }
  }
  if (PAGES.some((name) => PUBLIC_PAGES.includes(name))) {
    // Signed out, as Lighthouse opens them: a context with no session in its storage.
    const context = await browser.createBrowserContext();
    const tab = await openTab(await context.newPage());
    urls.set('web-login', { url: `${server.url}/web-login`, tab, signedOut: true });
    if (PAGES.includes('public-file')) {
      urls.set('public-file', { url: await sharedFilePage(server.url, server.env), tab, signedOut: true });
    }
  }
  if (PAGES.some((name) => name in LINK_PAGES)) {
    // A fresh visitor each load (storage cleared), with a fresh link (a code is good once).
    const tab = await openTab(await (await browser.createBrowserContext()).newPage());
    for (const [name, lands] of Object.entries(LINK_PAGES)) {
      const url = () => acmeLoginLink(server.env, lands === 'overview' ? undefined : lands);
      urls.set(name, { url, tab, signedOut: true, landsAt: teamPagePath(lands) });
    }
  }
  console.log(`\nFirst loads at 4x CPU, ${CHROMIUM}, ${LOADS} per page\n`);
  const blocking = new Map<string, number[]>(PAGES.map((name) => [name, []]));
  // The pages take turns, load after load, so a change in the machine's load falls on all of them.
  for (let load = 1; load <= LOADS; load++) {
    for (const name of PAGES) {
      const { url, tab, signedOut, landsAt } = urls.get(name) as NonNullable<ReturnType<typeof urls.get>>;
      if (signedOut) {
        await tab.page.goto('about:blank');
        await tab.cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'all' });
      }
      const address = typeof url === 'string' ? url : await url();
      blocking.get(name)?.push(await traceLoad(tab.page, tab.cdp, address, `${name} #${load}`, landsAt));
    }
  }
  console.log('\nblocking time from first contentful paint, real 4x throttling (median, all loads):');
  for (const [name, values] of blocking) {
    console.log(
      `  ${name.padEnd(11)} ${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
  printBlockingRatios(blocking);
} finally {
  await browser.close();
  await server.stop();
}
