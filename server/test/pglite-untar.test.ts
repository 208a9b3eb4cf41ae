// No Postgres database: the embedded database's cluster image unpacked to a folder.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tarEntries, unpackCluster } from '../src/db/pglite-untar';

// A ustar header as PGlite's dumpDataDir writes them (name, octal size, type flag), then the data.
function entry(name: string, type: '0' | '5', data = ''): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0);
  header.write('0000644\0', 100);
  header.write(`${Buffer.byteLength(data).toString(8).padStart(11, '0')}\0`, 124);
  header.write(type, 156);
  header.write('ustar\0', 257);
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(data) / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}
const image = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((made) => rm(made, { recursive: true, force: true }))));
const folder = async () => {
  const made = await mkdtemp(path.join(tmpdir(), 'spark-untar-'));
  folders.push(made);
  return path.join(made, 'pglite');
};

describe('unpacking the cached empty cluster to disk', () => {
  it('writes every file and folder, owner-only, with PG_VERSION last', async () => {
    const dir = await folder();
    const big = 'x'.repeat(1300);
    await unpackCluster(
      image(
        entry('/PG_VERSION', '0', '18\n'),
        entry('/base', '5'),
        entry('/base/1', '5'),
        entry('/base/1/112', '0', big),
        entry('/global/pg_control', '0', 'control'),
      ),
      dir,
    );
    expect((await readdir(dir)).sort()).toEqual(['PG_VERSION', 'base', 'global']);
    expect(await readFile(path.join(dir, 'base/1/112'), 'utf8')).toBe(big);
    expect(await readFile(path.join(dir, 'global/pg_control'), 'utf8')).toBe('control');
    expect(await readFile(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect((await stat(path.join(dir, 'base/1/112'))).mode & 0o077).toBe(0);
    expect((await stat(path.join(dir, 'base'))).mode & 0o077).toBe(0);
    // PG_VERSION marks a cluster: written after the rest, so an interrupted unpack is redone.
    const version = await stat(path.join(dir, 'PG_VERSION'));
    expect(version.mtimeMs).toBeGreaterThanOrEqual((await stat(path.join(dir, 'base/1/112'))).mtimeMs);
  });

  it('keeps every name inside the folder; refuses other entry types and an image without PG_VERSION', async () => {
    const dir = await folder();
    await unpackCluster(image(entry('/../escape', '0', 'x'), entry('/PG_VERSION', '0', '18\n')), dir);
    expect(await readFile(path.join(dir, 'escape'), 'utf8')).toBe('x');
    await expect(stat(path.join(dir, '..', 'escape'))).rejects.toThrow();
    const link = entry('/a-link', '0');
    link.write('2', 156);
    expect(() => [...tarEntries(image(link))]).toThrow(/unexpected tar entry/);
    await expect(unpackCluster(image(entry('/base', '5')), await folder())).rejects.toThrow(/PG_VERSION/);
  });
});
