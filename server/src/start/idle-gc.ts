import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';

// Memory at rest (docs/decisions/023-memory-at-rest.md). V8 collects garbage when JavaScript
// allocates; a server at rest allocates nothing, so what start-up or a burst of requests left behind
// (about 30 MB after a fresh start: migrations, demo data, the catalogue sync) stayed resident until
// the next request. One full collection once the process has gone quiet hands those pages back.
// Node exposes gc() only behind --expose-gc; the flag can be set at run time and gc() taken from a
// new context, so `node dist-server/main.mjs` needs no extra flag.

/** Quiet this long after the last request: collect. */
const QUIET_MS = 5_000;
/** At most one collection per this interval, however the requests come. */
const SPACING_MS = 30_000;

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };
let collect: ((options: GcOptions) => void) | null = null;
function fullGc(): void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as (options: GcOptions) => void;
  }
  // The last-resort flavour is V8's memory-reducing collection: it also compacts the old generation
  // and shrinks the young one, which a plain gc() leaves at their start-up size
  // (docs/decisions/050-memory-at-rest-on-node-24.md). It costs about twice a plain one.
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * One full collection once start-up has settled, then again each time the server has had requests
 * and then five quiet seconds (from the last request's arrival), at most every 30 s. Never while
 * busy: a full collection of this heap takes a few tens of milliseconds. Returns a stop function.
 */
export function collectGarbageWhenQuiet(app: FastifyInstance): () => void {
  // Start-up's garbage (migrations, demo data, the catalogue sync) goes at once, whenever the first
  // quiet moment would come. Start-up counts as activity too: once the timers it started (the
  // sandbox, the mail sweeper) have run and five quiet seconds passed, a second collection follows.
  fullGc();
  let lastRequestAt = Date.now();
  let lastCollectedAt = 0;
  let dirty = true;
  // The HTTP server's own event: usable after listen, when Fastify takes no more hooks.
  app.server.on('request', () => {
    lastRequestAt = Date.now();
    dirty = true;
  });
  const timer = setInterval(() => {
    const now = Date.now();
    if (dirty && now - lastRequestAt >= QUIET_MS && now - lastCollectedAt >= SPACING_MS) {
      dirty = false;
      lastCollectedAt = now;
      fullGc();
    }
  }, 1_000);
  timer.unref();
  return () => clearInterval(timer);
}
