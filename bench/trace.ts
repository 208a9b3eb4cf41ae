// Where a page's main-thread time goes on first load (issue 22: 'a Chrome trace before cutting'):
// Debian's Chromium headless shell at Lighthouse's 4x CPU slowdown, an empty HTTP cache, a Chrome
// trace and V8's sampling profiler over each load. Per page and load it prints:
// - the layouts: how many, those of 100 objects or more (whether script forced them, and their
//   times), the objects laid out, and the style recalculations (those of 100 elements or more with
//   their times). The counts hold on a busy machine; the times do not.
// - each long task (over 50 ms, what Lighthouse's TBT counts), its top-level trace events and the
//   functions of the built chunks that ran in it (self time, with the start of their code).
// - the blocking time: the long tasks' time past 50 ms from the first contentful paint on, as
//   Lighthouse's TBT counts it but under real 4x throttling (TBT simulates it), and its median per page.
// Pages: the team overview, members and billing, signed in as Olivia (a CLI login link opened first);
// /web-login and the public file page are `lighthouse`'s. BENCH_TRACE_PAGES (comma list of
// overview, users, billing), BENCH_TRACE_LOADS (default 2), BENCH_TRACE_TASKS=0 for the layouts only.
// Run: npm run bench -- trace   (decision 036)
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import puppeteer, { type CDPSession, type Page } from 'puppeteer-core';
import { root, startConsoleServer } from './console-server';

const CHROMIUM = process.env.BENCH_TRACE_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const PAGES = (process.env.BENCH_TRACE_PAGES ?? 'overview,users,billing').split(',');
const LOADS = Number(process.env.BENCH_TRACE_LOADS ?? 2);
const SHOW_TASKS = process.env.BENCH_TRACE_TASKS !== '0';
const LONG_TASK_US = 50_000;
const run = promisify(execFile);

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

function printLongTasks(events: TraceEvent[], profile: CpuProfile) {
  const tasks = events.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const start = tasks[0]?.ts ?? 0;
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
    console.log(
      `  long task at ${((task.ts - start) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`,
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

/**
 * TBT's sum under real throttling: each main-thread task's time past 50 ms, from the first contentful
 * paint on (a task that paint falls in counts from the paint).
 */
function blockingTime(all: TraceEvent[], events: TraceEvent[]): number {
  // The page's own renderer's paint; without one (nothing painted), every task counts.
  const pid = events[0]?.pid;
  const paint = all.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? 0;
  let sum = 0;
  for (const task of events.filter((e) => e.name === 'RunTask')) {
    const from = Math.max(task.ts, paint);
    const span = task.ts + (task.dur ?? 0) - from;
    if (span > LONG_TASK_US) sum += span - LONG_TASK_US;
  }
  return sum / 1000;
}

/** The middle value; of an even count (the default two loads), the mean of the middle two. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function traceLoad(page: Page, cdp: CDPSession, url: string, label: string): Promise<number> {
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
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const all: TraceEvent[] = JSON.parse(Buffer.from(trace ?? []).toString('utf8')).traceEvents;
  const events = mainThreadEvents(all);
  const blocking = blockingTime(all, events);
  printLayouts(events, label);
  console.log(`  blocking time from first contentful paint: ${blocking.toFixed(0)} ms`);
  if (SHOW_TASKS) printLongTasks(events, profile);
  return blocking;
}

const server = await startConsoleServer('/web-login');
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  // Lighthouse's mobile preset: a Moto G Power's screen.
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  const { stdout } = await run(
    process.execPath,
    [
      `${root}/node_modules/tsx/dist/cli.mjs`,
      'server/src/cli/main.ts',
      'login-url',
      'olivia@acme.test',
      '--team',
      'Acme Inc',
    ],
    { cwd: root, env: server.env },
  );
  await page.goto(stdout.trim());
  await page.waitForFunction(() => /\/overview$/.test(location.pathname), { timeout: 30_000 });
  const overview = page.url();
  const cdp = await page.createCDPSession();
  console.log(`\nFirst loads at 4x CPU, ${CHROMIUM}, ${LOADS} per page\n`);
  const blocking = new Map<string, number[]>(PAGES.map((name) => [name, []]));
  // The pages take turns, load after load, so a change in the machine's load falls on all of them.
  for (let load = 1; load <= LOADS; load++) {
    for (const name of PAGES) {
      const url = overview.replace(/\/overview$/, `/${name}`);
      blocking.get(name)?.push(await traceLoad(page, cdp, url, `${name} #${load}`));
    }
  }
  console.log('\nblocking time from first contentful paint, real 4x throttling (median, all loads):');
  for (const [name, values] of blocking) {
    console.log(
      `  ${name.padEnd(9)} ${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
