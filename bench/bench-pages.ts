// The pages the browser benchmarks open besides the team pages (lighthouse, trace): a login link's
// one-time code from the CLI, and a public file page with a file uploaded for the run.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root } from './console-server';

const run = promisify(execFile);

/** A login link from the CLI for the server started with `env`; `team` lands on that team's overview. */
export async function loginUrl(email: string, env: NodeJS.ProcessEnv, team?: string): Promise<string> {
  const args = ['server/src/cli/main.ts', 'login-url', email, ...(team ? ['--team', team] : [])];
  const { stdout } = await run(process.execPath, [`${root}/node_modules/tsx/dist/cli.mjs`, ...args], {
    cwd: root,
    env,
  });
  return stdout.trim();
}

/**
 * Olivia's login link to Acme Inc as people arrive from the app: the overview, or the team page
 * `redirectTo` names (`billing`). A code is good once: one link per load.
 */
export async function acmeLoginLink(env: NodeJS.ProcessEnv, redirectTo?: string): Promise<string> {
  const url = new URL(await loginUrl('olivia@acme.test', env, 'Acme Inc'));
  if (redirectTo) url.searchParams.set('redirectTo', redirectTo);
  return url.toString();
}

/** A team page's path, `/teams/{teamId}-{userId}/{name}`, as a pattern: where a login link lands. */
export const teamPagePath = (name: string) => new RegExp(`^/teams/\\d+-\\d+/${name}$`);

/** Uploads a small file as staff through the real calls; answers the page a visitor of its link opens. */
export async function sharedFilePage(baseUrl: string, env: NodeJS.ProcessEnv): Promise<string> {
  const token = new URL(await loginUrl('staff@spark.test', env)).searchParams.get('token');
  const device = { platform: 'web', version: 'bench', osVersion: 'Linux', device: 'bench', locale: 'en' };
  const signIn = await fetch(`${baseUrl}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: token, ...device }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const secret = `${'a1B2c3D4e5'.repeat(4)}xyz=`;
  const form = new FormData();
  form.set('info', JSON.stringify({ name: 'Quarterly report.pdf', meta: { from: 'Sid Staff' } }));
  form.set('file', new Blob([Buffer.alloc(256 * 1024, 7)]), 'Quarterly report.pdf');
  const upload = await fetch(`${baseUrl}/api/v1/files?s=${encodeURIComponent(secret)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
    body: form,
  });
  if (!upload.ok) throw new Error(`upload failed: ${upload.status} ${await upload.text()}`);
  const { key } = (await upload.json()) as { key: string };
  return `${baseUrl}/public-files/${key}?s=${encodeURIComponent(secret)}`;
}
