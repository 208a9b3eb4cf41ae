// A Vite plugin: after `vite build`, a .br (brotli, quality 11) and a .gz (gzip, level 9) beside every
// text file in dist/ worth compressing, so the server sends them as they are (@fastify/static's
// preCompressed) instead of compressing on each request or sending plain text. Only node:zlib.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the browser loads; source maps only open in developer tools and stay plain. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes file.br and file.gz for each compressible file in dir; keeps only copies that are smaller. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number }> {
  const totals = { files: 0, bytes: 0, br: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const body = await readFile(file);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${file}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        totals.files += 1;
        totals.bytes += body.length;
        totals.br += Math.min(br.length, body.length);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'spark-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // closeBundle: after every file, public/ included, is written.
    async closeBundle() {
      const { files, bytes, br } = await precompressDir(outDir);
      this.info?.(
        `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
      );
    },
  };
}
