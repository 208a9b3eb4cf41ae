import { parseArgs } from 'node:util';
import { safeRedirectTarget } from '@domain/app-link';
import { buildLoginUrl } from '../auth/login-grant';
import { backToAppUrl } from '../redirects/redirect-key';
import { wipeRefusal } from '../seed/demo-data-setting';
import { staffAddProblem } from '../seed/staff-account';
import { ConfigError, loadConfig, outboxDir } from '../settings/config';
import { setPrivateUmask } from '../start/data-dir-modes';
import { versionLine } from '../start/version';
import { openBackend } from './backend';
import { CliError } from './cli-error';
import { printOutbox } from './outbox-command';
import { sandboxKeyLines } from './sandbox-keys';

const usage = `Usage: npm run --silent cli -- <command>

Commands:
  login-url <email> [--team "<team name>"]
      Print a login link (one line) with a fresh one-time auth code. With --team, the link also
      opens that team (team_id and the account's user_id in it).
  staff add <email> [--name "<full name>"]
      Make the account with this email staff (it reaches the internal pages), creating it when there
      is none (with --name as its full name; an existing account keeps its name). Prints one line.
      A site without demo data gets its first account this way; login-url <email> then signs it in.
  seed --reset [--force]
      Wipe the database and load the demo data. Where PUBLIC_URL is not loopback (the database may
      hold real customers) it refuses and changes nothing, unless --force is given.
  sandbox keys
      Print the built-in Stripe sandbox's keys, one per line (STRIPE_SECRET_KEY=sk_test_…,
      STRIPE_PUBLISHABLE_KEY=pk_test_…, STRIPE_WEBHOOK_SECRET=whsec_…), so curl, another service or
      Stripe's own tools can talk to the sandbox at this server's /v1 as to Stripe's test mode.
  sandbox advance --days <n>
      Move the built-in Stripe sandbox's clock forward n days (1 to 1830) and print what happened:
      trials that ended, periods renewed and invoiced, cancellations that took effect. The teams
      follow through the sandbox's webhooks. Only where the sandbox runs (no real Stripe keys, and a
      loopback PUBLIC_URL or STRIPE_SANDBOX=on).
  files cleanup
      Remove the stored bytes of expired public files and of files their sender deleted (the
      server also does this every 10 minutes), and leftovers of uploads that never finished.
  outbox [--limit <n>]
      List the mail written to DATA_DIR/outbox (the default when SMTP_URL is unset), newest first:
      date, recipient, subject and the invitation link. Each message is an .eml file there.
  redirect-key <url>
      Print a /back-to-app?key= link (one line) with a fresh one-time redirect key (10 minutes) to
      <url>: a readdle-spark:// link into the app or a path of this console (/...).
  cleanup
      Delete what has expired now, as the server does every CLEANUP_INTERVAL_MINUTES: sessions and
      refresh-token families, auth codes, invitation join keys, redirect keys, web sign-in links and
      OAuth states expired or used over a day ago, and rate-limit counters whose window ended.
      Prints how many rows of each went.
  jwt-secret rotate
      Record this run's JWT_SECRET as the key every server must start with: a server whose key
      differs from the recorded one refuses to start. Run it with the new key, then restart every
      server with it (README: Rotating JWT_SECRET). On the embedded database, stop the server first.

Options:
  -h, --help   Show this help.
  --version    Print the name, version and commit (one line).

Environment: DATA_DIR, DATABASE_URL, PUBLIC_URL, JWT_SECRET as for the server. On the embedded
database a running server is used through DATA_DIR/server.json; otherwise the CLI opens it itself.
`;

class UsageError extends Error {}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      team: { type: 'string' },
      reset: { type: 'boolean' },
      force: { type: 'boolean' },
      name: { type: 'string' },
      limit: { type: 'string' },
      days: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(usage);
    return;
  }
  if (values.version) {
    if (command !== undefined) throw new UsageError('--version takes no command');
    process.stdout.write(`${versionLine()}\n`);
    return;
  }
  if (command === 'login-url') {
    const [email, ...extra] = rest;
    if (!email || extra.length > 0 || values.reset)
      throw new UsageError('login-url takes one email and an optional --team');
    await withBackend(async (backend) => {
      const grant = await backend.loginGrant(email, values.team ?? null);
      process.stdout.write(`${buildLoginUrl(backend.publicUrl, grant)}\n`);
    });
    return;
  }
  if (command === 'seed') {
    if (!values.reset || rest.length > 0 || values.team !== undefined || values.name !== undefined)
      throw new UsageError('seed needs --reset (and --force where PUBLIC_URL is not loopback)');
    const force = values.force === true;
    // Before anything is opened, so a refused reset touches nothing; a running server also checks
    // its own settings (internal-cli.routes.ts), which may differ from this shell's.
    const refusal = force ? null : wipeRefusal(loadConfig());
    if (refusal) throw new CliError(refusal);
    await withBackend(async (backend) => {
      await backend.seedReset(force);
      process.stdout.write('Database wiped and demo data loaded.\n');
    });
    return;
  }
  if (command === 'staff') {
    const [subcommand, email, ...extra] = rest;
    if (subcommand !== 'add' || !email || extra.length > 0 || values.reset || values.team !== undefined)
      throw new UsageError('staff add takes one email and an optional --name "<full name>"');
    const input = { email, name: values.name ?? null };
    const problem = staffAddProblem(input);
    if (problem) throw new CliError(`staff add: ${problem}`);
    await withBackend(async (backend) => {
      const added = await backend.staffAdd(input.email, input.name);
      process.stdout.write(`staff: ${added.email} (${added.created ? 'new' : 'existing'} account)\n`);
    });
    return;
  }
  if (command === 'sandbox' && rest[0] === 'keys') {
    if (rest.length > 1 || values.days !== undefined || values.reset || values.team !== undefined)
      throw new UsageError('sandbox keys takes no arguments');
    await withBackend(async (backend) => {
      process.stdout.write(`${sandboxKeyLines(await backend.sandboxKeys())}\n`);
    });
    return;
  }
  if (command === 'sandbox') {
    const days = Number(values.days);
    if (rest[0] !== 'advance' || rest.length > 1 || !Number.isInteger(days) || days < 1 || days > 1830) {
      throw new UsageError('sandbox advance needs --days <n> (1 to 1830)');
    }
    await withBackend(async (backend) => {
      const summary = await backend.sandboxAdvance(days * 86_400);
      process.stdout.write(
        `${[`Sandbox clock moved ${days} day${days === 1 ? '' : 's'}.`, ...summary.lines].join('\n')}\n`,
      );
    });
    return;
  }
  if (command === 'redirect-key') {
    const [url, ...extra] = rest;
    if (!url || extra.length > 0 || values.reset || values.team !== undefined)
      throw new UsageError('redirect-key takes one url');
    if (safeRedirectTarget(url) !== url)
      throw new UsageError('redirect-key needs a readdle-spark:// link or a path of the console (/...)');
    await withBackend(async (backend) => {
      const key = await backend.redirectKey(url);
      process.stdout.write(`${backToAppUrl(backend.publicUrl, key)}\n`);
    });
    return;
  }
  if (command === 'files') {
    if (rest[0] !== 'cleanup' || rest.length > 1 || values.reset || values.team !== undefined) {
      throw new UsageError('files takes one subcommand: cleanup');
    }
    await withBackend(async (backend) => {
      const { purged, unfinished } = await backend.filesCleanup();
      process.stdout.write(
        `Public files cleaned up: ${purged} expired or deleted, ${unfinished} unfinished upload(s) removed.\n`,
      );
    });
    return;
  }
  if (command === 'cleanup') {
    if (rest.length > 0 || values.reset || values.team !== undefined || values.limit !== undefined)
      throw new UsageError('cleanup takes no arguments');
    await withBackend(async (backend) => {
      const report = await backend.cleanup();
      process.stdout.write(
        report === 'busy'
          ? 'Another server is running the cleanup right now; nothing done.\n'
          : `${report.map(({ job, deleted }) => `${job}: ${deleted} deleted`).join('\n')}\n`,
      );
    });
    return;
  }
  if (command === 'jwt-secret') {
    if (rest[0] !== 'rotate' || rest.length > 1 || values.reset || values.team !== undefined)
      throw new UsageError('jwt-secret takes one subcommand: rotate');
    await withBackend(async (backend) => {
      await backend.jwtSecretRotate();
      process.stdout.write(
        'JWT_SECRET recorded: servers on this database now start only with this key. Restart every server with it.\n',
      );
    });
    return;
  }
  if (command === 'outbox') {
    const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
    if (rest.length > 0 || values.reset || values.team !== undefined || !(limit >= 1)) {
      throw new UsageError('outbox takes only --limit <n>');
    }
    // Plain files: no database, so no need to go through a running server.
    process.stdout.write(await printOutbox(outboxDir(loadConfig()), limit));
    return;
  }
  throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
}

async function withBackend(fn: (backend: Awaited<ReturnType<typeof openBackend>>) => Promise<void>) {
  const backend = await openBackend(loadConfig());
  try {
    await fn(backend);
  } finally {
    await backend.close();
  }
}

// Before anything is written: what the CLI adds to DATA_DIR is its owner's alone, as the server's is.
setPrivateUmask();
run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\n${usage}`);
      process.exit(2);
    }
    if (error instanceof CliError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  },
);
