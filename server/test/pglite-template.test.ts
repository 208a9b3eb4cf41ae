import { chmod, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { openEmbeddedDb, readTemplate } from '../src/db/pglite-template';
import { serverDatabaseUrl } from './helper';

// The embedded database only: a Postgres run has no data folder to create.
const folders: string[] = [];
const folder = async () => {
  const made = await mkdtemp(path.join(tmpdir(), 'spark-template-'));
  folders.push(made);
  return made;
};
afterAll(async () => {
  await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
});

const countMigrations = async (db: Awaited<ReturnType<typeof openEmbeddedDb>>['db']) =>
  Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'))[0]?.n);

describe.skipIf(serverDatabaseUrl)('a new embedded database from the cached empty cluster', () => {
  it('the first new folder runs initdb and keeps the image; the next unpacks it, migrates for real and reopens', async () => {
    const cache = await folder();
    const first = await openEmbeddedDb(path.join(await folder(), 'pglite'), cache);
    expect(first.how).toBe('initdb');
    await first.templateSaved;
    await first.db.close();
    const [image] = await readdir(cache);
    expect(image).toMatch(/^pglite-\d+\.\d+\.\d+-empty\.tar\.gz$/);
    // Only this user may read or replace it.
    expect((await stat(path.join(cache, image as string))).mode & 0o077).toBe(0);

    const dir = path.join(await folder(), 'pglite');
    const second = await openEmbeddedDb(dir, cache);
    expect(second.how).toBe('template');
    // The image is initdb's output only: no schema until the migrations run on this database.
    expect(await second.db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'schema_migrations'`)).toEqual(
      [],
    );
    const applied = await migrate(second.db);
    expect(applied.length).toBeGreaterThan(5);
    await second.db.close();

    const again = await openEmbeddedDb(dir, cache);
    expect(again.how).toBe('opened');
    expect(await countMigrations(again.db)).toBe(applied.length);
    await again.db.close();
  }, 240_000);

  it('ignores an image other users could have written', async () => {
    const cache = await folder();
    const file = path.join(cache, 'image.tar.gz');
    await writeFile(file, gzipSync('an image'));
    await chmod(cache, 0o700);
    await chmod(file, 0o600);
    expect((await readTemplate(file))?.toString()).toBe('an image');
    await chmod(file, 0o666);
    expect(await readTemplate(file)).toBeNull();
    await chmod(file, 0o600);
    await chmod(cache, 0o777);
    expect(await readTemplate(file)).toBeNull();
  });

  it('ignores an image that is not gzip (initdb runs instead of failing)', async () => {
    const cache = await folder();
    const file = path.join(cache, 'image.tar.gz');
    await writeFile(file, 'not a cluster', { mode: 0o600 });
    await chmod(cache, 0o700);
    expect(await readTemplate(file)).toBeNull();
  });
});
