// `npm start` calls this first: build the console into dist/ and bundle the server into dist-server/
// only when a source it depends on is newer than the last build, so a second start is instant and a
// changed checkout is never stale. `npm run build` (--force) builds both whatever their age.
// The server bundle is also rebuilt when the commit changed (about a second), so the start-up line
// names the checkout's commit; the console is not (a minute of CPU for the same files), so its
// <meta name="version"> names the commit its files were built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildStamp } from './build-stamp.mjs';
import { buildServerBundle, serverBundleUpToDate } from './server-bundle.mjs';

const force = process.argv.includes('--force');
const stamp = join('dist', '.build-stamp');
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sourcesChangedAt = Math.max(...inputs.map(newestMtime));
const builtAt = existsSync(stamp) && existsSync(join('dist', 'index.html')) ? statSync(stamp).mtimeMs : 0;

if (!force && builtAt >= sourcesChangedAt) {
  console.log('Console build is up to date (dist/).');
} else {
  console.log('Building the console into dist/ ...');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const buildStamp = readBuildStamp(process.cwd());
if (force || !serverBundleUpToDate(buildStamp)) {
  if (force) console.log('Bundling the server into dist-server/ ...');
  await buildServerBundle({ stamp: buildStamp });
}
