// Which tasks make a run's Total Blocking Time (`npm run bench -- lighthouse` with
// BENCH_LIGHTHOUSE_TBT_TASKS=1). Lighthouse's simulation counts, for every main-thread task between
// the first paint and the page's interactive time, what it lasts beyond 50 ms once its observed time
// is multiplied by the CPU slowdown. The audit prints the sum; this prints the tasks behind it, each
// with what its time went to (trace events by self time) and the script it is attributed to, so that
// a page's blocking time can be read as "which task, doing what" rather than as one figure.
import type { Artifacts, Result } from 'lighthouse';
// Lighthouse's own attribution of TBT to tasks, as its diagnostics compute it (a computed artifact).
import { TBTImpactTasks } from 'lighthouse/core/computed/tbt-impact-tasks.js';
import { computedInput } from './lighthouse-computed';

interface ImpactTask {
  event: { name: string; args?: { data?: { url?: string; functionName?: string } } };
  children: ImpactTask[];
  parent: ImpactTask | undefined;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string };
  tbtImpact: number;
  selfTbtImpact: number;
}

/** A trace event's name, with the script it evaluated or compiled when it names one. */
function eventName(task: ImpactTask): string {
  const url = task.event.args?.data?.url;
  return url ? `${task.event.name} ${shortUrl(url)}` : task.event.name;
}

function shortUrl(url: string): string {
  try {
    const { pathname } = new URL(url);
    return pathname.length > 1 ? pathname.replace(/^\/assets\//, '') : url;
  } catch {
    return url;
  }
}

/** Every event under `task` (itself included) by self time, largest first. */
function selfTimes(task: ImpactTask): Map<string, number> {
  const times = new Map<string, number>();
  const visit = (node: ImpactTask) => {
    const name = eventName(node);
    times.set(name, (times.get(name) ?? 0) + node.selfTime);
    for (const child of node.children) visit(child);
  };
  visit(task);
  return new Map([...times].sort((a, b) => b[1] - a[1]));
}

/**
 * The tasks with a share of the run's TBT, in the order they ran: observed start and length, their
 * simulated blocking time, the script they are attributed to, and their largest trace events (observed
 * self time, ms). Last, the blocking time summed by what Lighthouse calls each task's kind.
 */
export async function tbtTasks(artifacts: Artifacts, settings: Result['configSettings']): Promise<string[]> {
  const { data, context } = computedInput(artifacts, settings);
  const tasks = (await TBTImpactTasks.request(data, context)) as unknown as ImpactTask[];
  const blocking = tasks.filter((task) => !task.parent && task.tbtImpact >= 1);
  const total = blocking.reduce((sum, task) => sum + task.tbtImpact, 0);
  const byKind = new Map<string, number>();
  for (const task of tasks) {
    if (task.selfTbtImpact > 0)
      byKind.set(task.group.id, (byKind.get(task.group.id) ?? 0) + task.selfTbtImpact);
  }
  return [
    `TBT ${Math.round(total)} ms simulated, from ${blocking.length} tasks (observed start, observed length → blocking):`,
    ...blocking.map((task) => {
      const when = `${Math.round(task.startTime)} ms, ${task.duration.toFixed(1)} ms → ${Math.round(task.tbtImpact)} ms`;
      const script =
        task.attributableURLs.length > 0 ? shortUrl(task.attributableURLs.at(-1) ?? '') : 'no script';
      const what = [...selfTimes(task)]
        .filter(([name, ms]) => ms >= 1 && name !== 'RunTask')
        .slice(0, 4)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(', ');
      return `  ${when.padEnd(28)} ${script}: ${what}`;
    }),
    `  by kind: ${[...byKind]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
      .join(', ')}`,
  ];
}
