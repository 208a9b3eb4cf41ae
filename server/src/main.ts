import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app';
import { loadJwtSecret } from './auth/jwt-secret';
import { sandboxKeys } from './cli/sandbox-keys';
import { systemClock } from './clock';
import type { Db } from './db/db';
import { databaseErrorFields } from './db/db-unavailable';
import { migrate } from './db/migrator';
import { openDb } from './db/open-db';
import { loggerOptions } from './http/logger';
import { startUnsentMailSweeper } from './invitations/mail-unsent-invitations';
import { openServerLog, type ServerLog } from './log/server-log';
import { createMailer } from './mail/create-mailer';
import { type MetricsServer, serveMetrics } from './metrics/metrics-server';
import { schedulePublicFilesCleanup } from './public-files/cleanup-schedule';
import { loginHint, startDemoData, wipeRefusal } from './seed/demo-data-setting';
import { ConfigError, loadConfig, resolvePublicUrl } from './settings/config';
import { standInLines } from './settings/stand-ins';
import { type BillingStart, startBilling } from './start/billing-start';
import { restrictDataDirModes, setPrivateUmask } from './start/data-dir-modes';
import { startIdentity } from './start/identity-start';
import { collectGarbageWhenQuiet } from './start/idle-gc';
import { checkJwtSecretFingerprint } from './start/jwt-secret-fingerprint';
import { advanceSandboxes } from './start/sandbox-clock-start';
import { claimDataDir, type DataDirClaim } from './start/server-file';
import { sharedStateWarnings } from './start/shared-state-warnings';
import { shutDownOnSignals } from './start/shutdown';
import { startPhases } from './start/start-phases';
import { startStorage } from './start/storage-start';
import { buildStamp } from './start/version';

const CLI_WAIT_MS = 30_000;

/** The address the CLI uses to reach us: loopback when listening on all interfaces. */
function localUrl(address: AddressInfo): string {
  const unspecified = address.address === '0.0.0.0' || address.address === '::';
  const host = unspecified ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * The embedded database's folder, claimed for this server, or a ConfigError naming who holds it. A CLI
 * run holds the folder for a few seconds at most: the start waits for it rather than fail.
 */
async function claimDataDirForServer(dataDir: string, cliSecret: string): Promise<DataDirClaim> {
  const entry = { role: 'server', url: null, publicUrl: null, cliSecret } as const;
  let result = await claimDataDir(dataDir, entry);
  for (
    let waited = 0;
    'busy' in result && result.busy.role === 'cli' && waited < CLI_WAIT_MS;
    waited += 200
  ) {
    await sleep(200);
    result = await claimDataDir(dataDir, entry);
  }
  if ('busy' in result) {
    const owner = result.busy;
    throw new ConfigError(
      `${dataDir} is in use by ${owner.role === 'server' ? 'a server' : 'the CLI'} (pid ${owner.pid}` +
        `${owner.url ? `, ${owner.url}` : ''}). Stop it or use another DATA_DIR.`,
    );
  }
  return result;
}

async function main({ log, stream }: ServerLog): Promise<void> {
  const phases = startPhases();
  // Everything before this line: node, tsx and loading (transpiling) every module main imports.
  phases.mark('modules loaded');
  // Before anything is written: DATA_DIR's files are the owner's alone (data-dir-modes.ts).
  setPrivateUmask();
  const config = loadConfig();
  const embedded = config.databaseUrl === null;
  const cliSecret = randomBytes(32).toString('base64url');

  // PGlite allows one process per data folder: claim it before opening, or refuse to start.
  const claim = embedded ? await claimDataDirForServer(config.dataDir, cliSecret) : null;
  if (claim) process.once('exit', () => claim.releaseSync());

  let db: Db | null = null;
  let billing: BillingStart | null = null;
  let metricsServer: MetricsServer | null = null;
  let stopCleanup = () => {};
  try {
    const jwtSecret = await loadJwtSecret(config);
    // An idle connection lost (Postgres restarted): one line per connection, at most the pool's size.
    db = await openDb(config, (error) =>
      log.warn({ database: databaseErrorFields(error) }, 'database: an idle connection was lost'),
    );
    phases.mark('database opened');
    const applied = await migrate(db);
    phases.mark('migrations');
    // Every server on this database must sign with one key (start/jwt-secret-fingerprint.ts).
    await checkJwtSecretFingerprint(db, jwtSecret, config);
    // Only on a loopback address or with DEMO_DATA=on (seed/demo-data-setting.ts).
    const demo = await startDemoData(db, config);
    phases.mark('demo data');
    // After the database is open: a folder made by an older version, and the files PGlite unpacks
    // from its template (it sets their modes to 0666 itself, whatever the umask), readable by anyone.
    await restrictDataDirModes(config.dataDir);
    phases.mark('data folder modes');

    // Until listening, the configured port; afterwards the one actually bound (PORT=0 picks one).
    let listeningPort = config.port;
    let ownUrl = `http://127.0.0.1:${config.port}`;
    billing = await startBilling(
      config,
      db,
      () => ownUrl,
      () => resolvePublicUrl(config, listeningPort),
      (error) => log.error(`payment provider: ${error instanceof Error ? error.message : error}`),
    );
    const started = billing;
    phases.mark('billing (sandbox migrations)');
    const identity = await startIdentity(
      config,
      db,
      () => ownUrl,
      () => resolvePublicUrl(config, listeningPort),
    );
    phases.mark('identity (sandbox migrations)');
    const files = await startStorage(
      config,
      () => ownUrl,
      (error) => log.error({ err: error }, 'S3 stand-in'),
    );
    const publicFileStore = files.publicFileStore;
    // prom-client (and the OpenTelemetry API it loads) only when METRICS_PORT asks for it.
    const metrics = config.metricsPort === null ? null : (await import('./metrics/metrics')).createMetrics();
    for (const gauge of billing.gauges) metrics?.addGauge(gauge);
    const app = await buildApp({
      billing: billing.options,
      standIns: [...billing.standIns, ...identity.standIns, ...files.standIns],
      webLogin: identity.options,
      cliHooks: {
        afterSeedReset: () => started.seedDemo(app),
        seedResetRefusal: () => wipeRefusal(config),
        sandboxAdvance:
          started.sandbox || started.paddleSandbox
            ? (seconds) => advanceSandboxes(seconds, started.sandbox, started.paddleSandbox)
            : null,
        sandboxKeys: started.sandbox ? () => sandboxKeys(started.sandbox, started.paddleSandbox) : null,
      },
      db,
      jwtSecret,
      cliSecret,
      storage: files.storage,
      publicFiles: { store: publicFileStore, maxBytes: config.maxPublicFileBytes },
      mailer: createMailer(config, systemClock),
      publicUrl: () => resolvePublicUrl(config, listeningPort),
      distDir: config.distDir,
      consoleSettings: config.console,
      logLevel: config.logLevel,
      logger: loggerOptions(config.logLevel, stream),
      checkResponses: config.checkResponses,
      trustProxy: config.trustProxy,
      cleanupIntervalMs: config.cleanupIntervalMinutes * 60_000,
      metrics,
    });
    phases.mark('app built');
    const { version, commit } = buildStamp();
    log.info({ version, commit }, `Spark Teams Console ${version} (${commit})`);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
    app.log.info(files.description);
    if (!config.smtpUrl)
      app.log.info('SMTP_URL unset: mail goes to the outbox (npm run --silent cli -- outbox)');
    for (const warning of sharedStateWarnings(config)) app.log.warn(warning);
    app.starting.begin();
    await app.listen({ port: config.port, host: config.host });
    if (metrics) metricsServer = await serveMetrics(metrics, config.host, config.metricsPort ?? 0);
    phases.mark('listening');

    const address = app.server.address() as AddressInfo;
    listeningPort = address.port;
    ownUrl = localUrl(address);
    await billing.afterListen(app, demo.seeded);
    phases.mark('catalogue sync and demo billing');
    stopCleanup = schedulePublicFilesCleanup(app, publicFileStore);
    // Invitations a killed process committed but never mailed (docs/decisions/011-retried-writes.md).
    const stopMailSweeper = startUnsentMailSweeper(
      { db: app.db, mailer: app.mailer, clock: app.clock, publicUrl: app.publicUrl, log: app.log },
      embedded,
    );
    const publicUrl = resolvePublicUrl(config, address.port);
    await claim?.update({ url: localUrl(address), publicUrl });

    app.starting.finish();
    phases.mark('ready');
    const stopGc = collectGarbageWhenQuiet(app);
    const env = process.env.DATA_DIR ? `DATA_DIR=${process.env.DATA_DIR} ` : '';
    // Stand-ins answer for outside services, demo data makes guessable accounts: say which and why.
    for (const line of [...standInLines(config), demo.line]) log.info(line);
    log.info(`Spark Teams Console: ${publicUrl}`);
    if (metricsServer) log.info(`Metrics: ${metricsServer.url}`);
    // With Postgres the CLI goes straight to the database, so it needs the same settings.
    const sameDb = embedded ? '' : ' (with the same DATABASE_URL and PUBLIC_URL)';
    log.info(loginHint(demo.holds, `${env}npm run --silent cli --`, sameDb));

    // A bounded stop: probes fail at once, requests in flight finish, idle connections close (shutdown.ts).
    shutDownOnSignals({
      app,
      timeoutMs: config.shutdownTimeoutSeconds * 1000,
      delayMs: config.shutdownDelaySeconds * 1000,
      async stopBackground() {
        stopCleanup();
        stopMailSweeper();
        stopGc();
        await billing?.stop();
      },
      async release() {
        try {
          await metricsServer?.close();
          await db?.close();
        } finally {
          await claim?.release();
        }
      },
    });
  } catch (error) {
    await metricsServer?.close().catch(() => {});
    await billing?.stop().catch(() => {});
    await db?.close().catch(() => {});
    await claim?.release();
    throw error;
  }
}

// Before anything else, so that every line the process writes, `Cannot start` too, has one format.
const serverLog = await openServerLog();
main(serverLog).catch((error: unknown) => {
  // Configuration problems are the operator's to fix: say what, without a stack trace.
  if (error instanceof ConfigError) serverLog.log.fatal(`Cannot start: ${error.message}`);
  else serverLog.log.fatal({ err: error }, 'Cannot start');
  process.exit(1);
});
