// No Postgres database: the embedded database's WebAssembly compilation, in a process of its own.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const url = (file: string) => JSON.stringify(path.join(repoRoot, file));

// A fresh process, so no earlier PGlite of this worker has compiled anything: open, migrate, query,
// then the most memory V8's compilers held at once. TurboFan's tier-up of one hot Postgres function
// alone held about 600 MB; Liftoff's compilations need a few MB.
const script = `
import { getHeapStatistics } from 'node:v8';
const { migrate } = await import(${url('server/src/db/migrator.ts')});
const { openPgliteDb } = await import(${url('server/src/db/pglite-db.ts')});
const db = await openPgliteDb();
await migrate(db);
for (let i = 0; i < 200; i++) await db.query('SELECT count(*) FROM schema_migrations');
await db.close();
console.log(getHeapStatistics().peak_malloced_memory);
`;

describe('the embedded database compiles its WebAssembly with Liftoff only', () => {
  it('never tiers up to TurboFan, whose compilations held hundreds of MB', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: repoRoot,
    });
    const peakMb = Number(stdout.trim().split('\n').at(-1)) / 1024 / 1024;
    expect(peakMb).toBeGreaterThan(0);
    expect(peakMb).toBeLessThan(100);
  }, 120_000);
});
