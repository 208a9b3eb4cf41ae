// The house rules of ARCHITECTURE.md that issue 23 asks to keep: no circle of imports among source
// files (src/, server/src/, server/sandbox/), and no source file over 400 lines. Tests may be longer.
// No Postgres database: static checks of the source files.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
    rule: 'the server shares only src/domain with the console',
    breaks: (f, t) => f.startsWith('server/') && t.startsWith('src/') && !t.startsWith('src/domain/'),
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

  it('reaches src/domain from the server through @domain/ only, never by a relative path', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../..');
    const serverFiles = readdirSync(path.join(repoRoot, 'server'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.join('server', file));
    // Guard against a walk that silently found nothing.
    expect(serverFiles).toContain(path.join('server', 'src', 'app.ts'));
    const intoConsole = serverFiles.flatMap((file) =>
      [
        ...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(
          /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g,
        ),
      ]
        .map((found) => path.join(path.dirname(file), found[1] ?? ''))
        .filter((target) => target.startsWith(`src${path.sep}`))
        .map((target) => `${file} -> ${target}: import it as @domain/…`),
    );
    expect(intoConsole).toEqual([]);
  });

  it('cites no issue in source: a comment says why, the history lives in commits and records', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../..');
    const roots = ['src', 'server/src', 'server/sandbox', 'scripts', 'bench', 'e2e/support'];
    const files = roots.flatMap((root) =>
      readdirSync(path.join(repoRoot, root), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx|mts|mjs|js|css)$/.test(file) && !/\.test\.tsx?$|test-support/.test(file))
        .map((file) => path.join(root, file)),
    );
    expect(files.length).toBeGreaterThan(300);
    const citing = files.flatMap((file) =>
      readFileSync(path.join(repoRoot, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /\bissues? \d+/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(citing).toEqual([]);
  });

  it('has no source file over 400 lines', () => {
    const long = sourceFiles(/\.(ts|tsx|js|mjs|css)$/)
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > maxLines);
    expect(long).toEqual([]);
  });
});

describe("CI's Postgres pass", () => {
  it('leaves out only files that reach neither the database helper nor the Postgres driver', async () => {
    const repoRoot = path.resolve(import.meta.dirname, '../..');
    // The list .ci/run leaves out: the test files marked `// No Postgres database: <why>`.
    const listed = execFileSync(process.execPath, ['scripts/api-tests-without-postgres.mjs'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    // Guard against a script that silently found nothing (a changed marker or folder).
    expect(listed).toContain('server/test/house.test.ts');
    // importGraph reads the files it is given; read what they import too, until nothing new is reached.
    const graph = new Map<string, Set<string>>();
    const read = new Set<string>();
    for (let next = listed; next.length > 0; ) {
      for (const file of next) read.add(file);
      for (const [from, tos] of await importGraph(next)) graph.set(from, tos);
      next = [...new Set([...graph.values()].flatMap((tos) => [...tos]))].filter((file) => !read.has(file));
    }
    const reached = (file: string): Set<string> => {
      const seen = new Set([file]);
      for (const next of seen) for (const to of graph.get(next) ?? []) seen.add(to);
      return seen;
    };
    const opensDatabase = (file: string) =>
      file === 'server/test/helper.ts' ||
      /from ['"]pg['"]/.test(readFileSync(path.join(repoRoot, file), 'utf8'));
    const wrong = listed.flatMap((file) =>
      [...reached(file)].filter(opensDatabase).map((to) => `${file} reaches ${to}`),
    );
    // Such a file opens Postgres when DATABASE_URL is set: remove its marker so the pass runs it.
    expect(wrong).toEqual([]);
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
