// The import graph of our own source files, for the house rules (issue 23: no import circle, no file
// over 400 lines). esbuild (already a dependency: it bundles the server) parses each file and
// resolves its imports as the build does: tsconfig `paths`, extensions, each folder's tsconfig.
// `import type` is counted too, so a circle through a type alone is caught as well: a type shared
// both ways belongs a level down, like any other shared name.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where the product's source lives; tests and their fixtures are outside the rules. */
export const sourceRoots = ['src', 'server/src', 'server/sandbox'];

const codeFile = /\.(ts|tsx|js|mjs)$/;
const notSource = /\.test\.tsx?$|\.d\.ts$/;

/** Every source file under the roots, as a path from the repository's root. */
export function sourceFiles(extensions: RegExp = codeFile): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (extensions.test(entry.name) && !notSource.test(entry.name)) found.push(relative);
    }
  };
  for (const root of sourceRoots) walk(root);
  return found.sort();
}

export function lineCount(file: string): number {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/**
 * `import type {…}`, `export type {…} from` and `{ type A }` read as plain imports, so esbuild keeps
 * them (with verbatimModuleSyntax it keeps every other import, used or not).
 */
function typeImportsAsValues(source: string): string {
  return source
    .replace(/\bimport\s+type\s+(?=[{*\w])/g, 'import ')
    .replace(/\bexport\s+type\s+(?=[{*])/g, 'export ')
    .replace(/([{,]\s*)type\s+(?=\w+\s*(?:,|}|\bas\b))/g, '$1');
}

/** Records importer -> imported for our files; everything is external, so nothing is linked. */
function recordImports(edges: Map<string, Set<string>>): Plugin {
  const ours = (file: string) => file.startsWith(`${repoRoot}/`) && !file.includes('/node_modules/');
  return {
    name: 'record-imports',
    setup(bundle) {
      bundle.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => ({
        contents: typeImportsAsValues(readFileSync(args.path, 'utf8')),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      }));
      bundle.onResolve({ filter: /^(\.|@\/)/ }, async (args) => {
        if (args.pluginData === 'inner' || args.kind === 'entry-point') return undefined;
        // Vite's `?raw`/`?url` suffixes and CSS are assets, not code.
        if (args.path.includes('?') || args.path.endsWith('.css')) return { external: true };
        const resolved = await bundle.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'inner',
        });
        if (resolved.errors.length === 0 && ours(resolved.path) && ours(args.importer)) {
          const from = path.relative(repoRoot, args.importer);
          const to = path.relative(repoRoot, resolved.path);
          if (!edges.has(from)) edges.set(from, new Set());
          edges.get(from)?.add(to);
        }
        return { path: args.path, external: true };
      });
    },
  };
}

/** file -> the files of ours it imports (static, dynamic or type-only). */
export async function importGraph(files: string[]): Promise<Map<string, Set<string>>> {
  const edges = new Map<string, Set<string>>();
  await build({
    absWorkingDir: repoRoot,
    entryPoints: files,
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    packages: 'external',
    plugins: [recordImports(edges)],
  });
  return edges;
}

/** The strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function importCircles(graph: Map<string, Set<string>>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    order.set(file, order.size);
    low.set(file, order.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next);
      if (onStack.has(next)) low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return circles;
}
