import { createHash, timingSafeEqual } from 'node:crypto';
import { safeRedirectTarget } from '@domain/app-link';
import { ErrorCode } from '@domain/error-codes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createLoginGrant } from '../auth/login-grant';
import { runCleanup } from '../cleanup/run-cleanup';
import type { SandboxKeys } from '../cli/sandbox-keys';
import { AppError, ItemNotFoundError, ValidationError } from '../errors';
import type { ZodTypeProvider } from '../http/zod-validation';
import { cleanupPublicFiles } from '../public-files/cleanup';
import { createRedirectKey } from '../redirects/redirect-key';
import { resetDemoData } from '../seed/demo-data';
import { wipeRefusal } from '../seed/demo-data-setting';
import { addStaff, staffAddInput } from '../seed/staff-account';

export interface InternalCliOptions {
  /** The per-start secret written to DATA_DIR/server.json; null disables these routes. */
  cliSecret: string | null;
  /**
   * Why `seed --reset` without --force is refused here, or null: the server's own settings
   * (wipeRefusal of its config). Unset: judged by the public URL alone.
   */
  seedResetRefusal?: (() => string | null) | null;
  /** After `seed --reset`: the demo billing objects (at the sandbox) for the fresh demo teams. */
  afterSeedReset?: (() => Promise<void>) | null;
  /** `sandbox advance`: moves the built-in Stripe sandbox's clock; null when it does not run. */
  sandboxAdvance?: ((seconds: number) => Promise<unknown>) | null;
  /** `sandbox keys`: the built-in Stripe sandbox's keys; null when real Stripe keys are set. */
  sandboxKeys?: (() => SandboxKeys) | null;
}

export const CLI_SECRET_HEADER = 'x-cli-secret';

function isLoopback(address: string | undefined): boolean {
  return (
    address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true
  );
}

// Hashing first gives both sides the same length, which timingSafeEqual needs, and hides the length.
const digest = (value: string) => createHash('sha256').update(value).digest();

function hasSecret(request: FastifyRequest, secret: string | null): boolean {
  const given = request.headers[CLI_SECRET_HEADER];
  if (!secret || typeof given !== 'string') return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * What the CLI asks of a running server on the embedded database: PGlite allows one process per data
 * folder, so the CLI cannot open it beside the server. Only loopback callers holding this start's
 * secret get in; everyone else sees an unknown path.
 */
export const internalCliRoutes: FastifyPluginAsync<InternalCliOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.addHook('onRequest', async (request) => {
    // The socket address, not request.ip: no proxy header may make a remote caller look local.
    if (!isLoopback(request.socket.remoteAddress) || !hasSecret(request, options.cliSecret)) {
      throw new ItemNotFoundError();
    }
  });

  app.get('/api/internal/cli/ping', async () => ({ pid: process.pid }));

  app.post(
    '/api/internal/cli/login-url',
    {
      schema: {
        body: z.strictObject({
          email: z.string().min(1).max(320),
          team: z.string().min(1).max(200).nullish(),
        }),
      },
    },
    async (request) =>
      createLoginGrant(app.db, app.tokens, { email: request.body.email, teamName: request.body.team }),
  );

  const seedResetRefusal =
    options.seedResetRefusal ?? (() => wipeRefusal({ publicUrl: app.publicUrl(), host: '' }));
  app.post(
    '/api/internal/cli/seed-reset',
    { schema: { body: z.strictObject({ force: z.boolean().optional() }) } },
    async (request) => {
      const refusal = request.body.force ? null : seedResetRefusal();
      if (refusal) throw new AppError(403, ErrorCode.permissionDenied, refusal);
      await resetDemoData(app.db);
      await options.afterSeedReset?.();
      return { ok: true };
    },
  );

  app.post('/api/internal/cli/staff-add', { schema: { body: staffAddInput } }, async (request) =>
    addStaff(app.db, request.body),
  );

  app.post(
    '/api/internal/cli/sandbox-advance',
    {
      schema: {
        body: z.strictObject({
          seconds: z
            .number()
            .int()
            .min(1)
            .max(5 * 366 * 86_400),
        }),
      },
    },
    async (request) => {
      if (!options.sandboxAdvance) {
        throw new ValidationError([
          { field: 'sandbox', message: 'is off: real Stripe keys are set, or the sandbox does not run here' },
        ]);
      }
      return options.sandboxAdvance(request.body.seconds);
    },
  );

  app.post('/api/internal/cli/sandbox-keys', async () => {
    if (!options.sandboxKeys) {
      throw new ValidationError([{ field: 'sandbox', message: 'is off: real Stripe keys are set' }]);
    }
    return options.sandboxKeys();
  });

  app.post(
    '/api/internal/cli/redirect-key',
    { schema: { body: z.strictObject({ url: z.string().min(1).max(2000) }) } },
    async (request) => {
      // Checked here as well, so a bad target is the CLI's usage error and never a 500.
      if (safeRedirectTarget(request.body.url) !== request.body.url) {
        throw new ValidationError([{ field: 'url', message: 'is invalid' }]);
      }
      return { key: await createRedirectKey(app.db, app.clock, request.body.url) };
    },
  );
  // `files cleanup`: the server's own store and clock, as its schedule uses them.
  app.post('/api/internal/cli/files-cleanup', async () => {
    if (!app.hasDecorator('publicFiles')) return { purged: 0, unfinished: 0 };
    return cleanupPublicFiles(app.repos, app.publicFiles.store, app.clock.now());
  });

  // `cli cleanup`: the scheduled cleanup, now (decision 010).
  app.post('/api/internal/cli/cleanup', async () => ({
    report: await runCleanup({ db: app.db, storage: app.storage, now: app.clock.now() }),
  }));
};
