import { describe, expect, it } from 'vitest';
import { customPropertyDeclarations, pruneCustomProperties } from './prerender-custom-properties';

describe('customPropertyDeclarations', () => {
  it('finds each declaration whole: values with parentheses, strings and a last one without ;', () => {
    const css = ':root{--a:1px;--b: var(--c, calc(1px * (2 + 3)));--c:"x;y}"}a{color:red;--d:2px}';
    expect(customPropertyDeclarations(css).map(({ name, value }) => [name, value])).toEqual([
      ['--a', '1px'],
      ['--b', ' var(--c, calc(1px * (2 + 3)))'],
      ['--c', '"x;y}"'],
      ['--d', '2px'],
    ]);
  });
});

describe('pruneCustomProperties', () => {
  const css = [
    ':root{--used:1px;--unused:2px;--chain:var(--leaf);--leaf:red;--scale:1}',
    ':root[data-mantine-color-scheme=dark]{--leaf:blue;--dark-only:#000}',
    '@media (hover:hover){:root{--hover-unused:1}}',
    '.title{padding:var(--used);color:var(--chain);--local:var(--scale)}',
  ].join('');

  it('keeps what the rules read, through other variables, in every scheme, and drops the rest', () => {
    // --scale is named only by --local, which nothing reads.
    const pruned = pruneCustomProperties(css, '');
    expect(pruned).toBe(
      ':root{--used:1px;--chain:var(--leaf);--leaf:red}' +
        ':root[data-mantine-color-scheme=dark]{--leaf:blue}' +
        '.title{padding:var(--used);color:var(--chain)}',
    );
  });

  it("keeps what the rest of the page reads: its style attributes and Mantine's <style>", () => {
    const page =
      '<p style="font-size:calc(4rem * var(--unused))"></p><style>:root{--x:var(--dark-only)}</style>';
    const pruned = pruneCustomProperties(css, page);
    expect(pruned).toContain('--unused:2px');
    expect(pruned).toContain('--dark-only:#000');
    expect(pruned).not.toContain('--hover-unused');
  });

  it('leaves a sheet without custom properties as it was', () => {
    const plain = '.a{color:red}@media (min-width:36em){.b{display:none}}';
    expect(pruneCustomProperties(plain, '')).toBe(plain);
  });
});
