import { setTimeout as sleep } from 'node:timers/promises';
import { createStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/stripe-sandbox';
import { loadJwtSecret } from '../auth/jwt-secret';
import { createLoginGrant } from '../auth/login-grant';
import { createTokenSigner } from '../auth/tokens';
import { runCleanup } from '../cleanup/run-cleanup';
import { systemClock } from '../clock';
import { migrate } from '../db/migrator';
import { openDb } from '../db/open-db';
import { createRepositories } from '../db/repositories';
import { AppError } from '../errors';
import { cleanupPublicFiles } from '../public-files/cleanup';
import { createRedirectKey } from '../redirects/redirect-key';
import { resetDemoData } from '../seed/demo-data';
import { seedIfWanted } from '../seed/demo-data-setting';
import { addStaff } from '../seed/staff-account';
import { type Config, resolvePublicUrl } from '../settings/config';
import { stripeSandboxDecision } from '../settings/stand-ins';
import { restrictDataDirModes } from '../start/data-dir-modes';
import { checkJwtSecretFingerprint, rotateJwtSecretFingerprint } from '../start/jwt-secret-fingerprint';
import { startPaddleSandbox } from '../start/paddle-sandbox-start';
import { advanceSandboxes } from '../start/sandbox-clock-start';
import { claimDataDir, readServerFile, type ServerFile, serverFilePath } from '../start/server-file';
import { openStorageForCli, type StorageStart } from '../start/storage-start';
import { type CliBackend, toLines } from './cli-backend';
import { CliError } from './cli-error';
import { remoteBackend } from './remote-backend';
import { sandboxKeys } from './sandbox-keys';

async function withCliStorage<T>(config: Config, use: (files: StorageStart) => Promise<T>): Promise<T> {
  const files = await openStorageForCli(config);
  try {
    return await use(files);
  } finally {
    await files.close();
  }
}

// How long to wait for a server that is still starting, or for another CLI run to finish.
const BUSY_WAIT_MS = 30_000;
const POLL_MS = 200;

async function directBackend(config: Config, release: () => Promise<void>): Promise<CliBackend> {
  try {
    const jwtSecret = await loadJwtSecret(config);
    const db = await openDb(config);
    await migrate(db);
    // The server's rule: demo data only on a loopback address or with DEMO_DATA=on.
    await seedIfWanted(db, config);
    // As the server does: a folder this run made (PGlite's template files are 0666) or found open.
    await restrictDataDirModes(config.dataDir);
    const signer = createTokenSigner(jwtSecret);
    const withSandbox = async <T>(use: (sandbox: StripeSandbox) => Promise<T>): Promise<T> => {
      const base = resolvePublicUrl(config);
      const sandbox = createStripeSandbox({
        db,
        publicUrl: () => base,
        webhookUrl: () => `${base}/api/v1/webhooks/stripe`,
      });
      await sandbox.migrate();
      try {
        return await use(sandbox);
      } finally {
        await sandbox.close();
      }
    };
    return {
      publicUrl: resolvePublicUrl(config),
      async loginGrant(email, teamName) {
        // A link signed with another key than the servers' would fail when opened: say so now.
        await checkJwtSecretFingerprint(db, jwtSecret, config);
        try {
          return await createLoginGrant(db, signer, { email, teamName });
        } catch (error) {
          throw error instanceof AppError ? new CliError(error.message) : error;
        }
      },
      // The CLI's own settings were checked before this opened (main.ts): a refusal touches nothing.
      seedReset: () => resetDemoData(db),
      async staffAdd(email, name) {
        try {
          return await addStaff(db, { email, name });
        } catch (error) {
          throw error instanceof AppError ? new CliError(error.message) : error;
        }
      },
      // No server: the sandbox's state is in this database, so the CLI advances it itself. Its
      // webhooks wait in the database and reach the server when it next runs (they are retried).
      async sandboxAdvance(seconds) {
        if (config.stripe) throw new CliError('Real Stripe keys are set: there is no sandbox to advance.');
        // The same rule as the server's (stand-ins.ts): no sandbox where the server would run none.
        const decision = stripeSandboxDecision(config);
        if (!decision.mount) {
          throw new CliError(
            `The Stripe sandbox does not run here (${decision.why}; STRIPE_SANDBOX=on runs it).`,
          );
        }
        return withSandbox(async (sandbox) => {
          const base = resolvePublicUrl(config);
          // The Paddle sandbox's clock moves with it, where it runs (paddle-sandbox-start.ts).
          const paddle = await startPaddleSandbox(
            config,
            db,
            () => base,
            () => base,
          );
          return toLines(await advanceSandboxes(seconds, sandbox, paddle));
        });
      },
      // The keys live in the database: the first process to start the sandbox stores them.
      async sandboxKeys() {
        if (config.stripe) throw new CliError('Real Stripe keys are set: there is no sandbox.');
        const base = resolvePublicUrl(config);
        const paddle = await startPaddleSandbox(
          config,
          db,
          () => base,
          () => base,
        );
        return withSandbox(async (sandbox) => sandboxKeys(sandbox, paddle));
      },
      redirectKey: (url) => createRedirectKey(db, systemClock, url),
      // Storage as the server has it (local disk, S3 or the S3 stand-in), opened for the one command.
      filesCleanup: () =>
        withCliStorage(config, (files) =>
          cleanupPublicFiles(createRepositories(db), files.publicFileStore, new Date()),
        ),
      cleanup: () =>
        withCliStorage(config, (files) => runCleanup({ db, storage: files.storage, now: systemClock.now() })),
      jwtSecretRotate: () => rotateJwtSecretFingerprint(db, jwtSecret),
      async close() {
        await db.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/**
 * With DATABASE_URL: straight to Postgres (any number of processes may connect). Embedded: through
 * the running server named in DATA_DIR/server.json, or, with no server, by opening the folder itself
 * after claiming it so a server starting meanwhile waits its turn.
 */
export async function openBackend(config: Config): Promise<CliBackend> {
  if (config.databaseUrl) return directBackend(config, async () => {});
  const deadline = Date.now() + BUSY_WAIT_MS;
  let owner: ServerFile | null = null;
  while (Date.now() < deadline) {
    owner = await readServerFile(config.dataDir);
    if (owner?.role === 'server' && owner.url) {
      return remoteBackend(
        owner,
        config.publicUrl ?? owner.publicUrl ?? owner.url,
        serverFilePath(config.dataDir),
      );
    }
    if (!owner) {
      const claim = await claimDataDir(config.dataDir, {
        role: 'cli',
        url: null,
        publicUrl: null,
        cliSecret: null,
      });
      if (!('busy' in claim)) {
        process.once('exit', () => claim.releaseSync());
        return directBackend(config, () => claim.release());
      }
    }
    // A server still starting up, or another CLI run: wait for it.
    await sleep(POLL_MS);
  }
  throw new CliError(
    `${config.dataDir} stays busy (pid ${owner?.pid ?? '?'}); if no server or CLI is running, delete ${serverFilePath(config.dataDir)}`,
  );
}
