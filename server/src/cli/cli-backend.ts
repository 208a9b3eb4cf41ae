import type { SandboxAdvanceSummary } from '../../sandbox/stripe/stripe-sandbox';
import type { LoginGrant } from '../auth/login-grant';
import type { CleanupReport } from '../cleanup/run-cleanup';
import type { CleanupResult } from '../public-files/cleanup';
import type { StaffAdded } from '../seed/staff-account';
import type { SandboxKeys } from './sandbox-keys';

/** What the commands need, whether the CLI talks to the database itself or through a running server. */
export interface CliBackend {
  /** Base of the links it prints. */
  publicUrl: string;
  loginGrant(email: string, teamName: string | null): Promise<LoginGrant>;
  /** Wipes and loads the demo data; a running server refuses without force on a public address. */
  seedReset(force: boolean): Promise<void>;
  /** Marks the account staff, making it when there is none (seed/staff-account.ts). */
  staffAdd(email: string, name: string | null): Promise<StaffAdded>;
  /** Moves the Stripe sandbox's clock; returns what happened, a line each. */
  sandboxAdvance(seconds: number): Promise<{ lines: string[] }>;
  /** The Stripe sandbox's keys (made and stored by the first process to start it). */
  sandboxKeys(): Promise<SandboxKeys>;
  /** A one-time redirect key to the app's deep link or a console path (redirects/redirect-key.ts). */
  redirectKey(url: string): Promise<string>;
  /** Removes expired and deleted public files' bytes (the server also does it on a schedule). */
  filesCleanup(): Promise<CleanupResult>;
  /** Deletes expired sessions, keys, links and counters now (cleanup/run-cleanup.ts). */
  cleanup(): Promise<CleanupReport>;
  /** Records this run's key as the one every server must have (start/jwt-secret-fingerprint.ts). */
  jwtSecretRotate(): Promise<void>;
  close(): Promise<void>;
}

/** The sandbox's advance summary as the lines the CLI prints. */
export function toLines(summary: SandboxAdvanceSummary): { lines: string[] } {
  return {
    lines: [
      `Sandbox time is now ${summary.sandboxTime}.`,
      ...(summary.happened.length > 0 ? summary.happened : ['Nothing was due.']),
      `${summary.webhooksDelivered} webhook event(s) delivered.`,
    ],
  };
}
