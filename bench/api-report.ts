// The API benchmark's table, and the targets printed beside the figures they judge.

export interface ApiRow {
  what: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU ms per request of the server process(es) and of the Postgres backends, when measured. */
  serverCpu?: number;
  postgresCpu?: number;
}

/** The targets: the members page on Postgres at >= 0.25 of bare Fastify with p99 <= 15 ms; embedded >= 0.15. */
export const TARGETS = [
  { row: 'Postgres, 1 server: GET members page', ratio: 0.25, p99Ms: 15 },
  { row: 'embedded (PGlite): GET members page', ratio: 0.15 },
] as const;

const num = (value: number, width: number) => value.toFixed(value < 100 ? 1 : 0).padStart(width);
const cpu = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2)).padStart(8);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function printReport(run: {
  rows: ApiRow[];
  /** The bare server's rows of this run: the shares are of their mean. */
  bare: ApiRow[];
  skipped: string[];
  connections: number;
  seconds: number;
}): void {
  const { rows } = run;
  const bareRps = run.bare.reduce((sum, row) => sum + row.rps, 0) / Math.max(1, run.bare.length);
  const width = Math.max(...rows.map((row) => row.what.length));
  console.log(
    `\nAPI benchmark: autocannon, ${run.connections} connections, ${run.seconds} s per row, Node ${process.version}, ` +
      `server LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}\n`,
  );
  const head = ['req/s', 'of bare', 'p50 ms', 'p99 ms', 'errors', 'server', 'Postgres'];
  console.log(`${'row'.padEnd(width)}  ${head.map((h, i) => h.padStart(i < 5 ? 7 : 8)).join('  ')}`);
  console.log(`${' '.repeat(width + 46)}  ${'CPU ms per request'.padStart(18)}`);
  console.log('-'.repeat(width + 66));
  for (const row of rows) {
    const ratio = (row.rps / bareRps).toFixed(3);
    console.log(
      `${row.what.padEnd(width)}  ${num(row.rps, 7)}  ${ratio.padStart(7)}  ${num(row.p50, 7)}  ${num(row.p99, 7)}  ` +
        `${String(row.errors).padStart(7)}  ${cpu(row.serverCpu)}  ${cpu(row.postgresCpu)}`,
    );
  }
  console.log(
    `"of bare": of the mean of the bare rows (${bareRps.toFixed(0)} requests/s), measured first and last in the run.`,
  );
  for (const reason of run.skipped) console.log(`skipped: ${reason}`);
  for (const target of TARGETS) {
    const judged = rows.find((row) => row.what === target.row);
    if (!judged) continue;
    const ratio = judged.rps / bareRps;
    const p99 =
      'p99Ms' in target
        ? `\n  p99 ${judged.p99} ms (target <= ${target.p99Ms} ms): ${verdict(judged.p99 <= target.p99Ms)}`
        : '';
    console.log(
      `\nTarget, ${target.row} at ${run.connections} connections:\n` +
        `  share of bare Fastify ${ratio.toFixed(3)} (target >= ${target.ratio}): ${verdict(ratio >= target.ratio)}${p99}`,
    );
  }
  console.log(
    'Server and load generator share this machine, so compare rows of one run; CPU per request moves\n' +
      'least with the load (server: the server process group; Postgres: the backends of its database).',
  );
}
