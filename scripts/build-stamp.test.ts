import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IndexHtmlTransformHook, ResolvedConfig } from 'vite';
import { readBuildStamp, sourceCommit } from './build-stamp.mjs';
import { buildStampMeta } from './vite-build-stamp';

const repoRoot = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));

/** git's own answer for the checkout, or null where it has no .git (a tarball). */
function gitHead(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

describe('the build stamp', () => {
  it("names the checkout's package and its git commit", () => {
    expect(readBuildStamp(repoRoot, {})).toEqual({
      name: 'spark-teams-console',
      version: packageJson.version,
      commit: gitHead() ?? 'unknown',
    });
  });

  it('takes SOURCE_COMMIT over git, and refuses one that could break out of HTML or JavaScript', () => {
    expect(sourceCommit(repoRoot, { SOURCE_COMMIT: 'abc1234' })).toBe('abc1234');
    expect(sourceCommit(repoRoot, { SOURCE_COMMIT: ' v1.2.3-rc.1 ' })).toBe('v1.2.3-rc.1');
    for (const hostile of ['"><script>', "x');alert(1)//", 'a b', 'x'.repeat(65)]) {
      expect(sourceCommit(repoRoot, { SOURCE_COMMIT: hostile })).toBe('unknown');
    }
  });

  it("is 'unknown' without git, and for a folder inside another work tree", () => {
    const unpacked = mkdtempSync(path.join(tmpdir(), 'spark-stamp-'));
    try {
      writeFileSync(path.join(unpacked, 'package.json'), JSON.stringify({ name: 'x', version: '1.0.0' }));
      expect(readBuildStamp(unpacked, {})).toEqual({ name: 'x', version: '1.0.0', commit: 'unknown' });
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
    // The server folder of this checkout is in git's work tree, but git's HEAD is not its own.
    if (gitHead()) expect(sourceCommit(path.join(repoRoot, 'server'), {})).toBe('unknown');
  });

  it('goes into the built index.html as <meta name="version">', () => {
    const plugin = buildStampMeta();
    (plugin.configResolved as (config: ResolvedConfig) => void)({ root: repoRoot } as ResolvedConfig);
    const transform = plugin.transformIndexHtml as () => ReturnType<IndexHtmlTransformHook>;
    expect(transform()).toEqual([
      {
        tag: 'meta',
        attrs: {
          name: 'version',
          content: `spark-teams-console ${packageJson.version} (${gitHead() ?? 'unknown'})`,
        },
        injectTo: 'head',
      },
    ]);
  });
});
