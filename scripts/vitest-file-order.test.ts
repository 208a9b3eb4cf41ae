import { existsSync } from 'node:fs';
import path from 'node:path';
import config from '../vitest.config';
import { inRunOrder, LONGEST_FILES, PROJECT_ORDER } from './vitest-file-order';

const repoRoot = path.resolve(import.meta.dirname, '..');

describe('the order test files start in (vitest.config.ts)', () => {
  it('names every project of the config, and only those', () => {
    const projects = (config.test?.projects ?? []) as { test: { name: string } }[];
    expect(projects.map((project) => project.test.name).sort()).toEqual([...PROJECT_ORDER].sort());
  });

  it('names only test files that exist', () => {
    expect(LONGEST_FILES.filter((file) => !existsSync(path.join(repoRoot, file)))).toEqual([]);
  });

  it('keeps each project together, the listed projects in their order, the longest files first', () => {
    const files = [
      ['domain', 'src/domain/vat.test.ts'],
      ['api', 'server/test/logout.test.ts'],
      ['console', 'src/ui/TeamSelector.test.tsx'],
      ['api', 'server/test/crash.test.ts'],
      ['other', 'x.test.ts'],
      ['api', 'server/test/cli.test.ts'],
      ['api', 'server/test/refresh.test.ts'],
    ] as const;
    const ordered = inRunOrder(
      [...files],
      ([project]) => project,
      ([, file]) => file,
    ).map(([project, file]) => `${project} ${file}`);
    expect(ordered).toEqual([
      'api server/test/cli.test.ts',
      'api server/test/crash.test.ts',
      'api server/test/logout.test.ts',
      'api server/test/refresh.test.ts',
      'console src/ui/TeamSelector.test.tsx',
      'domain src/domain/vat.test.ts',
      'other x.test.ts',
    ]);
    expect(PROJECT_ORDER[0]).toBe('api');
  });
});
