// The server bundle (scripts/server-bundle.mjs, what `npm start` runs) for tests that start the real
// server or CLI as child processes. Through tsx each such process transforms the whole server again,
// about 3 s of CPU; from the bundle about a third of that (the same code, joined by esbuild).
//
// Built into a temporary folder of the test's own, not dist-server/: a running `npm start` or a stale
// dist-server/ never meets a test. That works because the bundle finds our files (migrations, demo
// data, the sandboxes' pages) by paths written in relative to the folder it is built into, and the
// npm packages it leaves external through a node_modules link in that folder.
import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestServerBundle {
  /** node arguments that start the server: `[main.mjs]`. */
  server: string[];
  /** node arguments that run the CLI: `[cli.mjs]`, then the command. */
  cli: string[];
  remove(): Promise<void>;
}

export async function buildTestServerBundle(): Promise<TestServerBundle> {
  // The real path: node resolves a module's own location through links, and the paths written into
  // the bundle are relative to it.
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'spark-test-bundle-')));
  try {
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
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    server: [path.join(dir, 'main.mjs')],
    cli: [path.join(dir, 'cli.mjs')],
    // rm does not follow the node_modules link: it removes the link, not the packages.
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
