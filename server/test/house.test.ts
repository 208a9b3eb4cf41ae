// The house rules of ARCHITECTURE.md that issue 23 asks to keep: no circle of imports among source
// files (src/, server/src/, server/sandbox/), and no source file over 400 lines. Tests may be longer.

import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, lineCount, sourceFiles } from './import-graph';

const maxLines = 400;

describe('the house', () => {
  it('has no import circle among source files, type-only imports included', async () => {
    const graph = await importGraph(sourceFiles());
    // Guard against a graph that silently read nothing (a resolver or plugin change).
    expect(graph.get('src/main.tsx')?.size ?? 0).toBeGreaterThan(3);
    expect(graph.get('server/src/app.ts')?.size ?? 0).toBeGreaterThan(10);
    const described = importCircles(graph).map((files) =>
      files
        .map(
          (file) =>
            `${file} -> ${[...(graph.get(file) ?? [])].filter((to) => files.includes(to)).join(', ')}`,
        )
        .join('\n'),
    );
    // Where two files need one name, move it down to a third that both import.
    expect(described).toEqual([]);
  });

  it('has no source file over 400 lines', () => {
    const long = sourceFiles(/\.(ts|tsx|js|mjs|css)$/)
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > maxLines);
    expect(long).toEqual([]);
  });
});

describe('the import graph', () => {
  it('finds a circle of two files and one through a third, and ignores a chain', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['e'])],
      ['e', new Set(['c'])],
      ['f', new Set(['a'])],
    ]);
    expect(importCircles(graph)).toEqual([
      ['c', 'd', 'e'],
      ['a', 'b'],
    ]);
  });
});
