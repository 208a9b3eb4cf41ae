// The house rules of ARCHITECTURE.md that issue 23 asks to keep: no circle of imports among source
// files (src/, server/src/, server/sandbox/), and no source file over 400 lines. Tests may be longer.

import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, lineCount, sourceFiles } from './import-graph';

const maxLines = 400;

// One read of the graph for the tests below (a few seconds; more on a loaded machine).
let graphRead: ReturnType<typeof importGraph> | undefined;
const graphOfSources = () => {
  graphRead ??= importGraph(sourceFiles());
  return graphRead;
};

const stripe = 'server/sandbox/stripe/';
/** The Stripe sandbox's composition root: the one place that wires api/, billing/ and pages/. */
const stripeRoots = [`${stripe}stripe-sandbox.ts`, `${stripe}sandbox-hooks.ts`];
const isStripeCore = (file: string) =>
  file.startsWith(stripe) && !file.slice(stripe.length).includes('/') && !stripeRoots.includes(file);

/** Imports the READMEs forbid (ARCHITECTURE.md, server/README.md, the READMEs under server/sandbox/). */
const forbidden: { rule: string; breaks: (from: string, to: string) => boolean }[] = [
  {
    rule: 'the console imports nothing of the server',
    breaks: (f, t) => f.startsWith('src/') && t.startsWith('server/'),
  },
  {
    rule: 'product code reaches a stand-in only through its start-up seam or the CLI',
    breaks: (f, t) =>
      f.startsWith('server/src/') && t.startsWith('server/sandbox/') && !/-start\.ts$|\/cli\//.test(f),
  },
  {
    rule: 'a stand-in takes of the product only the database and its migrator',
    breaks: (f, t) =>
      f.startsWith('server/sandbox/') && t.startsWith('server/src/') && !/\/db\/(db|migrator)\.ts$/.test(t),
  },
  {
    rule: "the sandbox's billing/ never imports api/",
    breaks: (f, t) => f.startsWith(`${stripe}billing/`) && t.startsWith(`${stripe}api/`),
  },
  {
    rule: "the sandbox's core imports neither api/ nor billing/ nor pages/",
    breaks: (f, t) => isStripeCore(f) && /^(api|billing|pages)\//.test(t.slice(stripe.length)),
  },
  {
    rule: 'only stripe-sandbox.ts imports pages/',
    breaks: (f, t) =>
      t.startsWith(`${stripe}pages/`) && !f.startsWith(`${stripe}pages/`) && f !== stripeRoots[0],
  },
];

describe('the house', () => {
  it('has no import circle among source files, type-only imports included', async () => {
    const graph = await graphOfSources();
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

  it('imports one way where the READMEs say so', async () => {
    const graph = await graphOfSources();
    const broken = [...graph].flatMap(([from, tos]) =>
      [...tos].flatMap((to) =>
        forbidden.filter(({ breaks }) => breaks(from, to)).map(({ rule }) => `${rule}: ${from} -> ${to}`),
      ),
    );
    expect(broken).toEqual([]);
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
