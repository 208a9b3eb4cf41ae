// What Lighthouse's computed artifacts (its metrics, Lantern's graphs, the TBT attribution) take as
// input, made from one run's artifacts: the diagnostics that rerun them over a run (lcp-path.ts,
// tbt-tasks.ts) build it here, once.
import type { Artifacts, Result } from 'lighthouse';

/** The metric input and the computation context for a run's artifacts under its settings. */
export function computedInput(artifacts: Artifacts, settings: Result['configSettings']) {
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
    simulator: null,
  };
  return { data, context: { computedCache: new Map(), settings } };
}
