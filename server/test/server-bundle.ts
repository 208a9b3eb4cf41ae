// The server bundle (scripts/server-bundle.mjs, what `npm start` runs) for tests that start the real
// server or CLI as child processes. Through tsx each such process transforms the whole server again,
// about 3 s of CPU; from the bundle about a third of that (the same code, joined by esbuild).
//
// Built into a temporary folder of the test run's own, not dist-server/: a running `npm start` or a
// stale dist-server/ never meets a test. That works because the bundle finds our files (migrations,
// demo data, the sandboxes' pages) by paths written in relative to the folder it is built into, and
// the npm packages it leaves external through a node_modules link in that folder.
//
// Once per run: the API project's global set-up (test-global-setup.ts) provides an empty folder, the
// first file that asks builds into it and every other file of the run (cli, crash, data-dir-modes)
// uses that bundle; a run without those files builds nothing. Run without the global set-up, a
// file builds a bundle of its own and removes it.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestServerBundle {
  /** node arguments that start the server: `[main.mjs]`. */
  server: string[];
  /** node arguments that run the CLI: `[cli.mjs]`, then the command. */
  cli: string[];
  remove(): Promise<void>;
}

/** Builds the bundle into `dir` (an empty folder), with the node_modules link it needs. */
async function buildInto(dir: string): Promise<void> {
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // In a child: esbuild's service process stays out of the test worker, which runs other files after.
  await promisify(execFile)(
    process.execPath,
    [
      '--input-type=module',
      '--eval',
      `const { buildServerBundle } = await import('./scripts/server-bundle.mjs');
       await buildServerBundle({ outDir: ${JSON.stringify(dir)} });`,
    ],
    { cwd: repoRoot },
  );
}

function bundleIn(dir: string, remove: () => Promise<void>): TestServerBundle {
  return { server: [path.join(dir, 'main.mjs')], cli: [path.join(dir, 'cli.mjs')], remove };
}

/** The run's bundle folder from the global set-up ('' without it); see the key's type there. */
function runBundleFolder(): string {
  return (inject as (name: string) => string | undefined)('testServerBundleDir') ?? '';
}

const BUILT = 'built';
const FAILED = 'failed';
const WAIT_MS = 180_000;

/**
 * The run's bundle: the first caller of the run builds it (mkdir of a lock folder decides who, across
 * workers), the others wait for its marker file. `remove` leaves it to the global teardown.
 */
async function runBundle(folder: string): Promise<TestServerBundle> {
  const dir = path.join(folder, 'bundle');
  const keep = async () => {};
  try {
    await mkdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const failed = await readFile(path.join(folder, FAILED), 'utf8').catch(() => null);
      if (failed !== null) throw new Error(`building the test server bundle failed: ${failed}`);
      if ((await readFile(path.join(folder, BUILT), 'utf8').catch(() => null)) !== null)
        return bundleIn(dir, keep);
      if (Date.now() > deadline) throw new Error(`the test server bundle was not built in ${WAIT_MS} ms`);
      await sleep(100);
    }
  }
  try {
    await buildInto(dir);
  } catch (error) {
    await writeFile(path.join(folder, FAILED), String((error as Error).stack ?? error));
    throw error;
  }
  await writeFile(path.join(folder, BUILT), '');
  return bundleIn(dir, keep);
}

export async function buildTestServerBundle(): Promise<TestServerBundle> {
  // The real path: node resolves a module's own location through links, and the paths written into
  // the bundle are relative to it.
  const shared = runBundleFolder();
  if (shared) return runBundle(await realpath(shared));
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'spark-test-bundle-')));
  try {
    await buildInto(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  // rm does not follow the node_modules link: it removes the link, not the packages.
  return bundleIn(dir, () => rm(dir, { recursive: true, force: true }));
}
