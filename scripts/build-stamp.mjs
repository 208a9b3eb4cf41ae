// What a build is stamped with: the package's name and version, and the commit it was built from.
// Plain JavaScript so the build scripts (vite.config.ts, server-bundle.mjs) and the server under tsx
// share one definition; the server bundle carries the stamp written in (server/src/start/version.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** What a commit named from outside may look like: it ends up in HTML and in JavaScript source. */
const SAFE_COMMIT = /^[0-9A-Za-z._-]{1,64}$/;

/**
 * The commit of `root`: `SOURCE_COMMIT` when set (a tarball or an image build has no .git), else
 * git's short HEAD, else 'unknown'. A checkout inside another repository's work tree is not that
 * repository's commit, so git must name `root` itself as the top of its work tree.
 */
export function sourceCommit(root, env = process.env) {
  const given = env.SOURCE_COMMIT?.trim();
  if (given) return SAFE_COMMIT.test(given) ? given : 'unknown';
  try {
    const [top, commit] = execFileSync('git', ['rev-parse', '--show-toplevel', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    })
      .trim()
      .split('\n');
    if (!top || !commit || realpathSync(top) !== realpathSync(root)) return 'unknown';
    return SAFE_COMMIT.test(commit) ? commit : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The stamp of the checkout at `root` (the folder of package.json). */
export function readBuildStamp(root, env = process.env) {
  const { name, version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return { name, version, commit: sourceCommit(root, env) };
}

/** The one line that names a build: `spark-teams-console 0.1.0 (abc1234)`. */
export function stampLine(stamp) {
  return `${stamp.name} ${stamp.version} (${stamp.commit})`;
}
