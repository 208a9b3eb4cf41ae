// What Lighthouse's simulation put on a run's path to the LCP (`npm run bench -- lighthouse` with
// BENCH_LIGHTHOUSE_LCP_PATH=1). Lantern estimates the LCP from a graph of the observed (unthrottled)
// load: every request that ended before the observed LCP, every script that ran before it with the
// task that asked for it, and the first parse, layout and paint, each task's observed time times the
// CPU slowdown. Printing that graph's nodes with their simulated times says which request or task a
// page's LCP waits for; the metric alone does not. Decision 055 was found this way.
import type { Artifacts, Result } from 'lighthouse';
// Lighthouse's own Lantern LCP, as its audit computes it (a computed artifact over the run's trace).
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { computedInput } from './lighthouse-computed';

interface GraphNode {
  type: 'network' | 'cpu';
  duration: number;
  request?: { url: string; priority: string };
  childEvents?: { name: string; dur?: number }[];
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}

/** A task's largest trace events (observed ms), which name what it did. */
function taskLabel(node: GraphNode): string {
  const events = (node.childEvents ?? [])
    .filter((event) => (event.dur ?? 0) >= 1000 && event.name !== 'RunTask')
    .slice(0, 3)
    .map((event) => `${event.name} ${((event.dur ?? 0) / 1000).toFixed(1)}`);
  return `task, ${(node.duration / 1000).toFixed(1)} ms observed: ${events.join(', ')}`;
}

/** The nodes of the optimistic LCP graph, by simulated start, one line each. */
export async function lcpPath(artifacts: Artifacts, settings: Result['configSettings']): Promise<string[]> {
  const { data, context } = computedInput(artifacts, settings);
  const result = (await LanternLargestContentfulPaint.request(data, context)) as {
    timing: number;
    optimisticEstimate: Estimate;
  };
  const rows = [...result.optimisticEstimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
  return [
    `LCP ${Math.round(result.timing)} ms simulated; its optimistic path:`,
    ...rows.map(([node, time]) => {
      const span = `${Math.round(time.startTime)}-${Math.round(time.endTime)} ms`.padStart(14);
      const what = node.request
        ? `${new URL(node.request.url).pathname} (${node.request.priority})`
        : taskLabel(node);
      return `  ${span}  ${what}`;
    }),
  ];
}
