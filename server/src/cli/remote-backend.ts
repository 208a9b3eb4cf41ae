import { type ErrorBody, isErrorBody } from '@domain/error-codes';
import type { SandboxAdvanceSummary } from '../../sandbox/stripe/stripe-sandbox';
import type { LoginGrant } from '../auth/login-grant';
import type { CleanupReport } from '../cleanup/run-cleanup';
import type { CleanupResult } from '../public-files/cleanup';
import { CLI_SECRET_HEADER } from '../routes/internal-cli.routes';
import type { StaffAdded } from '../seed/staff-account';
import type { ServerFile } from '../start/server-file';
import { type CliBackend, toLines } from './cli-backend';
import { CliError } from './cli-error';
import type { SandboxKeys } from './sandbox-keys';

const REQUEST_TIMEOUT_MS = 60_000;

/** The error body's message, with the fields a validation error names ('…: email is invalid'). */
function errorText(body: ErrorBody): string {
  const fields = Array.isArray(body.errorData) ? body.errorData : [];
  const named = fields.map((field) => `${field.field} ${field.message}`).join(', ');
  return named ? `${body.errorMessage}: ${named}` : body.errorMessage;
}

/** Runs the commands inside the running server, over loopback, with the secret from server.json. */
export function remoteBackend(server: ServerFile, publicUrl: string, serverFile: string): CliBackend {
  async function call<T>(path: string, body: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLI_SECRET_HEADER]: server.cliSecret ?? '' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CliError(
        `The server of ${serverFile} (pid ${server.pid}, ${server.url}) does not answer (${(error as Error).message}). ` +
          'If no server is running, delete that file.',
      );
    }
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      throw new CliError(
        isErrorBody(payload) ? errorText(payload) : `The server answered ${response.status}`,
      );
    }
    return payload as T;
  }

  return {
    publicUrl,
    loginGrant: (email, team) => call<LoginGrant>('/api/internal/cli/login-url', { email, team }),
    async seedReset(force) {
      await call('/api/internal/cli/seed-reset', { force });
    },
    staffAdd: (email, name) => call<StaffAdded>('/api/internal/cli/staff-add', { email, name }),
    async sandboxAdvance(seconds) {
      return toLines(await call<SandboxAdvanceSummary>('/api/internal/cli/sandbox-advance', { seconds }));
    },
    sandboxKeys: () => call<SandboxKeys>('/api/internal/cli/sandbox-keys', {}),
    async redirectKey(url) {
      return (await call<{ key: string }>('/api/internal/cli/redirect-key', { url })).key;
    },
    filesCleanup: () => call<CleanupResult>('/api/internal/cli/files-cleanup', {}),
    async cleanup() {
      return (await call<{ report: CleanupReport }>('/api/internal/cli/cleanup', {})).report;
    },
    // The running server signs with the old key until it restarts, and only a start checks the key.
    async jwtSecretRotate() {
      throw new CliError(
        `A server (pid ${server.pid}, ${server.url}) has this DATA_DIR open: stop it, run jwt-secret rotate, ` +
          'then start it with the new JWT_SECRET.',
      );
    },
    async close() {},
  };
}
