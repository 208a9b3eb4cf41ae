// The product's API suites drive the built-in Stripe sandbox through the product's billing (the SDK
// over HTTP). Every answer and webhook payload it gives them is recorded here (helper.ts hands
// `productRecorder.observe` to each sandbox it starts) and checked after each file against Stripe's
// types and fixtures (stripe-conformance.setup.ts), as the sandbox's own suites check theirs.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRecorder, type ShapeCache } from '../sandbox/stripe/conformance/conformance';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const conformanceDir = path.join(repoRoot, 'server/sandbox/stripe/conformance');

/** This test file's recorder (vitest runs each file in a module graph of its own). */
export const productRecorder = createRecorder();

/**
 * What a shape's type check depends on: the SDK's version, the allow-list, the kind-to-type map and
 * the check itself. A change to any of them starts a fresh cache.
 */
function typeCheckInputs(): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/stripe/package.json'), 'utf8')).version,
  );
  for (const file of ['allow-list.ts', 'sdk-types.ts', 'conformance.ts'])
    hash.update(readFileSync(path.join(conformanceDir, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Shapes that passed the type check, one empty file each, shared by the files of a run (and later
 * runs with the same inputs): the same catalogue and checkout bodies come back in dozens of files,
 * and one `tsc` per file would cost minutes of CPU. The key differences are checked in every file.
 */
function diskShapeCache(dir: string): ShapeCache {
  const fileOf = (shape: string) => path.join(dir, createHash('sha256').update(shape).digest('hex'));
  return {
    has: (shape) => existsSync(fileOf(shape)),
    add(shapes) {
      mkdirSync(dir, { recursive: true });
      for (const shape of shapes) writeFileSync(fileOf(shape), '');
    },
  };
}

export const productShapeCache = diskShapeCache(
  path.join(repoRoot, '.data-conformance/api-shapes', typeCheckInputs()),
);
