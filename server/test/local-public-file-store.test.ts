// No Postgres database: the public-file store on a local folder.
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createLocalPublicFileStore,
  type LocalPublicFileStore,
} from '../src/storage/local-public-file-store';
import { ObjectTooLargeError } from '../src/storage/public-file-store';

let root = '';
let store: LocalPublicFileStore;
beforeEach(async () => {
  // The store in a folder of its own, so a file beside it can show that no key reaches outside.
  root = await mkdtemp(path.join(tmpdir(), 'spark-store-'));
  store = createLocalPublicFileStore(path.join(root, 'public-files'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('local public-file store', () => {
  it('writes a stream under a random key and reads it whole or by range', async () => {
    const stored = await store.write(Readable.from([Buffer.from('hello '), Buffer.from('world')]), 100);
    expect(stored).toEqual({ key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), size: 11 });
    expect(await readdir(store.dir)).toEqual([stored.key]);
    expect(await text(await store.read(stored.key))).toBe('hello world');
    expect(await text(await store.read(stored.key, { start: 6, end: 10 }))).toBe('world');
  });

  it('refuses a source over the limit and keeps nothing', async () => {
    await expect(
      store.write(Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await readdir(store.dir)).toEqual([]);
  });

  it('keeps nothing when the source fails before the part file could be written', async () => {
    // The first chunk is over the limit, or the source fails at once. Repeated: when the write
    // stream opened the part file itself, a failure could come before that open, and a loaded CI
    // machine was left with a .part file now and then (never seen on a quiet one).
    for (let attempt = 0; attempt < 25; attempt++) {
      await expect(store.write(Readable.from([Buffer.alloc(101)]), 100)).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      await expect(
        store.write(
          new Readable({
            read() {
              this.destroy(new Error('client went away'));
            },
          }),
          100,
        ),
      ).rejects.toThrow('client went away');
    }
    expect(await readdir(store.dir)).toEqual([]);
  });

  it('keeps nothing when the source fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(10));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.write(failing, 100)).rejects.toThrow('client went away');
    expect(await readdir(store.dir)).toEqual([]);
  });

  it('never opens a name that is not one of its keys', async () => {
    await writeFile(path.join(root, 'secret.txt'), 'x');
    await store.write(Readable.from([Buffer.from('mine')]), 100);
    for (const key of ['../secret.txt', '.hidden.part', '', 'a'.repeat(42)]) {
      expect(await store.read(key)).toBeNull();
    }
    await store.delete('../secret.txt');
    expect(await readdir(root)).toContain('secret.txt');
    expect(await store.read('A'.repeat(43))).toBeNull();
  });

  it('sweeps only unfinished writes older than the given age', async () => {
    await mkdir(store.dir, { recursive: true });
    const old = path.join(store.dir, `.${'a'.repeat(43)}.part`);
    const fresh = path.join(store.dir, `.${'b'.repeat(43)}.part`);
    await writeFile(old, 'x');
    await writeFile(fresh, 'y');
    const kept = await store.write(Readable.from([Buffer.from('kept')]), 100);
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await utimes(old, dayAgo, dayAgo);
    expect(await store.sweepUnfinished(24 * 3600 * 1000)).toBe(1);
    expect((await readdir(store.dir)).sort()).toEqual([path.basename(fresh), kept.key].sort());
  });
});
