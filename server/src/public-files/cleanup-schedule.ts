import type { FastifyInstance } from 'fastify';
import type { PublicFileStore } from '../storage/public-file-store';
import { CLEANUP_INTERVAL_MS, cleanupPublicFiles } from './cleanup';

/**
 * Runs the public-file cleanup now and every CLEANUP_INTERVAL_MS; returns the stop function. Every
 * server may run it: each file is claimed in the database once.
 */
export function schedulePublicFilesCleanup(app: FastifyInstance, store: PublicFileStore): () => void {
  const run = async () => {
    try {
      const result = await cleanupPublicFiles(app.repos, store, app.clock.now());
      if (result.purged > 0 || result.unfinished > 0) app.log.info(result, 'public files cleaned up');
    } catch (error) {
      app.log.error({ err: error }, 'public file cleanup failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
