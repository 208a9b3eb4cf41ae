import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import type { Config } from '../settings/config';
import { loopbackReason } from '../settings/stand-ins';
import { demoAccounts, demoTeams, seedIfEmpty } from './demo-data';

// Demo data goes into an empty database only where the stand-ins would run by themselves (an
// address nobody else reaches), or when DEMO_DATA=on asks for it. Anywhere else an empty database is
// a new site or one about to receive a backup: the demo accounts (a staff account among them) would
// be sign-ins anyone could guess, and a restore on top of them fails.

type DemoDataConfig = Pick<Config, 'demoData' | 'publicUrl' | 'host'>;
type AddressConfig = Pick<Config, 'publicUrl' | 'host'>;

export interface DemoDataDecision {
  load: boolean;
  /** Why, for the start-up line: 'PUBLIC_URL is loopback', 'DEMO_DATA=off', … */
  why: string;
}

/** Why the address is not loopback, naming PUBLIC_URL by scheme and host only (no credentials or path). */
function notLoopback(config: AddressConfig): string {
  if (!config.publicUrl) return `PUBLIC_URL is unset and HOST ${config.host} is not loopback`;
  const url = new URL(config.publicUrl);
  return `PUBLIC_URL ${url.protocol}//${url.host} is not loopback`;
}

/** 'on': load; 'off': never; 'auto': only on a loopback address, as the stand-ins decide (stand-ins.ts). */
export function demoDataDecision(config: DemoDataConfig): DemoDataDecision {
  if (config.demoData === 'on') return { load: true, why: 'DEMO_DATA=on' };
  if (config.demoData === 'off') return { load: false, why: 'DEMO_DATA=off' };
  const loopback = loopbackReason(config);
  if (loopback) return { load: true, why: loopback };
  return { load: false, why: `${notLoopback(config)}; DEMO_DATA=on to load it` };
}

/** The demo data into an empty database where the decision allows it (the CLI's start). Whether it did. */
export async function seedIfWanted(db: Db, config: DemoDataConfig): Promise<boolean> {
  return demoDataDecision(config).load && (await seedIfEmpty(db));
}

/** What the database holds after the start: the demo world, no account at all, or other accounts. */
export type DatabaseHolds = 'demo' | 'nothing' | 'accounts';

export interface DemoDataStart {
  /** Loaded just now: the demo billing follows. */
  seeded: boolean;
  holds: DatabaseHolds;
  /** The start-up line: what was done and why. */
  line: string;
}

/** The server's start: seedIfWanted, and what to tell the operator about it. */
export async function startDemoData(db: Db, config: DemoDataConfig): Promise<DemoDataStart> {
  const decision = demoDataDecision(config);
  const seeded = decision.load && (await seedIfEmpty(db));
  const accounts = createRepositories(db).accounts;
  let holds: DatabaseHolds = 'demo';
  if (!seeded && !(await accounts.findByEmail(demoAccounts.olivia.email))) {
    holds = (await accounts.count()) === 0 ? 'nothing' : 'accounts';
  }
  let line = `demo data: loaded on an empty database (${decision.why})`;
  if (!seeded)
    line = `demo data: not loaded (${holds === 'nothing' ? decision.why : 'the database is not empty'})`;
  return { seeded, holds, line };
}

/**
 * The start-up's last line: how to sign in. `cli` is how to run the CLI here (`npm run --silent cli --`
 * with any DATA_DIR=...), `sameDb` a note on the settings the CLI needs too.
 */
export function loginHint(holds: DatabaseHolds, cli: string, sameDb: string): string {
  if (holds === 'demo') {
    return `Get a login link: ${cli} login-url ${demoAccounts.olivia.email} --team "${demoTeams.acme.name}"${sameDb}`;
  }
  if (holds === 'nothing') {
    return `No accounts yet. Make the first one (staff): ${cli} staff add <email>, then sign in with ${cli} login-url <email>${sameDb}`;
  }
  return `Get a login link: ${cli} login-url <email>${sameDb}`;
}

/**
 * Why `seed --reset` refuses to wipe this database without --force, or null where it may: the same
 * loopback rule, since a database behind a public address holds real customers.
 */
export function wipeRefusal(config: AddressConfig): string | null {
  if (loopbackReason(config)) return null;
  return `Refusing to wipe the database: ${notLoopback(config)}, so it may hold real accounts. Nothing was changed; add --force to wipe it and load the demo data.`;
}
