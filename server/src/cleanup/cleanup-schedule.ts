import type { FastifyInstance } from 'fastify';
import { runCleanup } from './run-cleanup';

/**
 * Runs the cleanup every `intervalMs` while the app is up (the first run one interval after start,
 * so a burst of restarts does not mean a burst of runs). A run still going when the next is due is
 * not doubled; closing the app waits for the current run, so the database is never closed under it.
 */
export function registerCleanupSchedule(app: FastifyInstance, intervalMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> | null = null;

  const runOnce = () => {
    if (current) return;
    current = runCleanup({ db: app.db, storage: app.storage, now: app.clock.now() })
      .then((report) => {
        if (report === 'busy') app.log.info('cleanup: another server is running it');
        else app.log.info({ cleanup: report }, 'cleanup done');
      })
      // A failed round is logged and tried again at the next interval.
      .catch((error: unknown) => app.log.error({ err: error }, 'cleanup failed'))
      .finally(() => {
        current = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(runOnce, intervalMs);
    // The schedule never keeps the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await current;
  });
}
