import { performance } from 'node:perf_hooks';

// Where a start's seconds go (docs/decisions/013-start-up.md). With START_PHASES=1 the server
// prints one line per phase on stderr; `npm run bench -- start` reads them. Off by default: an
// operator's log gets none of it.
export interface StartPhases {
  /** Records that the phase `name` ended now. */
  mark(name: string): void;
}

/** ms since the process began (performance.now() counts from the process's time origin). */
const sinceProcessStart = () => performance.now();

export function startPhases(enabled = process.env.START_PHASES === '1'): StartPhases {
  if (!enabled) return { mark: () => {} };
  let last = 0;
  let lastCpu = 0;
  return {
    mark(name) {
      const at = sinceProcessStart();
      // CPU time (user + system) moves far less than wall time when other work shares the cores.
      const { user, system } = process.cpuUsage();
      const cpu = (user + system) / 1000;
      process.stderr.write(
        `start phase: ${name} ${Math.round(at - last)} ms, cpu ${Math.round(cpu - lastCpu)} ms (at ${Math.round(at)} ms)\n`,
      );
      last = at;
      lastCpu = cpu;
    },
  };
}
