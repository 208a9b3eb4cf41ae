import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No Postgres database: reads Markdown files only.
// The front door and the manuals link only to what a fresh clone has: every relative link resolves
// to a file or folder of the repository, and nothing points outside it (a clone has no ../shared/).

const repoRoot = path.resolve(import.meta.dirname, '../..');
const markdown = [
  'README.md',
  ...readdirSync(path.join(repoRoot, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
  'server/README.md',
  'server/sandbox/README.md',
];

/** `[text](target)` links, without the ones to other sites or anchors on the same page. */
const relativeLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((found) => found[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));

describe('the documentation', () => {
  it('links only to files the repository has', () => {
    const links = markdown.flatMap((file) => relativeLinks(readFileSync(path.join(repoRoot, file), 'utf8')));
    // Guard against a pattern that silently matched nothing.
    expect(links.length).toBeGreaterThan(20);
    const broken = markdown.flatMap((file) =>
      relativeLinks(readFileSync(path.join(repoRoot, file), 'utf8'))
        .map((target) => ({
          target,
          resolved: path.resolve(repoRoot, path.dirname(file), target.split('#')[0] ?? ''),
        }))
        .filter(({ resolved }) => !resolved.startsWith(repoRoot + path.sep) || !existsSync(resolved))
        .map(({ target }) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('keeps the README a front door: at most 150 lines, the quick start in the first 40', () => {
    const lines = readFileSync(path.join(repoRoot, 'README.md'), 'utf8').split('\n');
    expect(lines.length).toBeLessThanOrEqual(151);
    const quickStart = lines.findIndex((line) => /^## Quick start/.test(line));
    expect(quickStart).toBeGreaterThanOrEqual(0);
    expect(lines.slice(quickStart, 40).join('\n')).toContain('npm test');
    expect(lines.join('\n')).not.toMatch(/\.\.\/shared\//);
  });

  it('indexes every decision record', () => {
    const index = readFileSync(path.join(repoRoot, 'docs/decisions/README.md'), 'utf8');
    const records = readdirSync(path.join(repoRoot, 'docs/decisions')).filter((file) =>
      /^\d{3}-.*\.md$/.test(file),
    );
    expect(records.length).toBeGreaterThan(40);
    expect(records.filter((file) => !index.includes(`](${file})`))).toEqual([]);
  });
});
