// The server as one ES module (docs/decisions/013-start-up.md): `npm start` used to run the server
// through tsx, which resolves and transforms ~250 TypeScript files through its loader on every start
// (about 1.4 s of CPU even with its cache). esbuild bundles our code in a fraction of a second; npm
// packages stay external (node loads them as before), so only our own files are joined, and the
// few packages of joinedPackages below.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildStamp } from './build-stamp.mjs';

export const serverOutDir = 'dist-server';
export const serverEntry = path.join(serverOutDir, 'main.mjs');
/** The CLI in the same bundle, for the browser tests' many calls (e2e/support/cli.ts); `npm run cli` keeps tsx. */
export const cliEntry = path.join(serverOutDir, 'cli.mjs');
const metaFile = path.join(serverOutDir, 'inputs.json');
const stampFile = 'stamp.json';

/**
 * Our files find their neighbours (migrations, the sandbox's pages) through import.meta.url and
 * import.meta.dirname. In the bundle those would name the bundle, so each file's own location is
 * written in, relative to the bundle (a moved checkout still works).
 */
const ownLocation = (outDir) => ({
  name: 'own-location',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const relative = (to) => path.relative(outDir, to).split(path.sep).join('/');
      const fileUrl = `new URL(${JSON.stringify(relative(args.path))}, import.meta.url).href`;
      const dirname = `__ownLocationPath(new URL(${JSON.stringify(`${relative(path.dirname(args.path))}/`)}, import.meta.url)).replace(/[\\\\/]$/, '')`;
      source = source
        .replaceAll('import.meta.url', fileUrl)
        .replaceAll('import.meta.dirname', dirname)
        .replaceAll('import.meta.filename', `__ownLocationPath(${fileUrl})`);
      source = `import { fileURLToPath as __ownLocationPath } from 'node:url';\n${source}`;
      return { contents: source, loader: 'ts' };
    });
  },
});

/**
 * Packages joined into the bundle: both payment SDKs are plain ES modules in hundreds of files
 * (Paddle's 780, Stripe's 220), and node keeps a module record, its source and its compiled code per
 * file for the life of the process. Joined, each is one module (Paddle's still a chunk of its own,
 * loaded with its first call), and a fresh server holds less (docs/decisions/050-memory-at-rest-on-node-24.md).
 * @fastify/swagger is joined so that its `yaml` (70 files) can be deferred (deferredRequires).
 */
const joinedPackages = ['stripe', '@paddle/paddle-node-sdk', '@fastify/swagger'];

/** What a joined package requires that node should load only when first called (scripts/lazy-yaml.cjs). */
const deferredRequires = { yaml: path.resolve('scripts/lazy-yaml.cjs') };

const joinPackages = () => ({
  name: 'join-packages',
  setup(bundle) {
    const filter = new RegExp(`^(${joinedPackages.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`);
    // Resolved as node would (its import conditions), so the bundle holds the files node would load.
    bundle.onResolve({ filter }, (args) => ({ path: fileURLToPath(import.meta.resolve(args.path)) }));
    bundle.onResolve({ filter: /^yaml$/ }, (args) =>
      args.importer.includes(`${path.sep}@fastify${path.sep}swagger${path.sep}`)
        ? { path: deferredRequires[args.path] }
        : undefined,
    );
  },
});

/**
 * V8 keeps a module's source text for the life of the process: one byte per character when every
 * character is Latin-1, two otherwise. esbuild escapes non-ASCII characters in code but copies
 * comments as they are, and a '—' in a joined package's doc comment made main.mjs (1.2 MB) cost
 * 2.4 MB of heap. Only comments can hold them, so each UTF-16 unit there becomes '?', one for one,
 * which keeps the source maps' columns right.
 */
function asciiOnly(files) {
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (/[\u0080-\uffff]/.test(text)) writeFileSync(file, text.replace(/[\u0080-\uffff]/g, '?'));
  }
}

/**
 * True when the bundle exists, no file it was made from changed since, and its stamp names the
 * checkout's version and commit. A commit git cannot name ('unknown': no .git) keeps the stamp the
 * bundle was built with, so an image built with SOURCE_COMMIT keeps it at run time.
 */
export function serverBundleUpToDate(stamp = readBuildStamp(path.resolve('.'))) {
  const stampPath = path.join(serverOutDir, stampFile);
  if (![serverEntry, cliEntry, metaFile, stampPath].every((file) => existsSync(file))) return false;
  const builtAt = statSync(serverEntry).mtimeMs;
  try {
    const built = JSON.parse(readFileSync(stampPath, 'utf8'));
    if (built.name !== stamp.name || built.version !== stamp.version) return false;
    if (stamp.commit !== 'unknown' && built.commit !== stamp.commit) return false;
    const inputs = JSON.parse(readFileSync(metaFile, 'utf8'));
    return inputs.every((file) => existsSync(file) && statSync(file).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

/**
 * Bundles the server into dist-server/ (what `npm start` runs), or into `outDir`: a folder of the
 * caller's, e.g. a test's own temporary one, so it never races with `npm start` over dist-server/.
 * Packages stay external, so node must find node_modules from `outDir` (in or under the checkout, or
 * a node_modules link in it, as server/test/cli.test.ts makes); our own files are found from anywhere.
 */
export async function buildServerBundle({
  outDir = serverOutDir,
  stamp = readBuildStamp(path.resolve('.')),
} = {}) {
  // Loaded only when there is something to build: an up-to-date start never pays for it.
  const { build } = await import('esbuild');
  // Chunks of an earlier bundle have other hashes: clear them so the folder holds one bundle.
  if (existsSync(outDir)) {
    for (const file of readdirSync(outDir)) {
      if (/\.mjs(\.map)?$/.test(file)) rmSync(path.join(outDir, file));
    }
  }
  const result = await build({
    entryPoints: { main: 'server/src/main.ts', cli: 'server/src/cli/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Splitting keeps a dynamic import() of our own files a separate chunk, loaded when called: without
    // it esbuild inlines the module and hoists its package imports to the top of the bundle, so the
    // AWS SDK (storage-start.ts, only with S3 configured) would load on every start. Chunks sit beside
    // main.mjs, so the own-location paths below stay relative to one folder.
    splitting: true,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    metafile: true,
    // The name, version and commit, for the start-up line and `cli --version` (server/src/start/version.ts).
    define: { __BUILD_STAMP__: JSON.stringify(stamp) },
    logLevel: 'warning',
    // A joined CommonJS package (@fastify/swagger) requires the packages left outside, and node's
    // built-ins, with require(), which an ES module does not have.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [joinPackages(), ownLocation(path.resolve(outDir))],
  });
  asciiOnly(Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.mjs')));
  // The files it was made from, and the configuration that shaped it.
  const inputs = [
    ...Object.keys(result.metafile.inputs),
    'server/tsconfig.json',
    'package-lock.json',
    'scripts/server-bundle.mjs',
  ];
  writeFileSync(path.join(outDir, 'inputs.json'), JSON.stringify(inputs.filter((file) => existsSync(file))));
  writeFileSync(path.join(outDir, stampFile), JSON.stringify(stamp));
}
