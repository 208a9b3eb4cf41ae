import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { createRepositories } from '../src/db/repositories';
import { hashSecret } from '../src/public-files/secret';
import type { FileStorage } from '../src/storage/file-storage';
import { createLocalFileStorage } from '../src/storage/local-file-storage';
import { createLocalPublicFileStore } from '../src/storage/local-public-file-store';
import type { PublicFileStore } from '../src/storage/public-file-store';
import { createTestDb, type TestDb } from './helper';
import { buildLoggedApp } from './logged-app';
import { s3TestStorage, startS3TestStorage } from './s3-test-storage';

// A row that says the bytes are stored while the store has lost them (a server with its own local
// disk behind a load balancer, a bucket emptied by hand): the client gets the spec's 404 as for any
// missing file, and the operator a warning naming the file, never its link's secret. On the local
// stores, and on S3 (the stand-in) with TEST_STORAGE=s3.

const SECRET = `${'k'.repeat(43)}=`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let testDb: TestDb;
let dir = '';
let storage: FileStorage;
let store: PublicFileStore;
let closeStorage = async () => {};
let app: FastifyInstance;
let lines: string[];

beforeAll(async () => {
  testDb = await createTestDb();
  await migrate(testDb.db);
  dir = await mkdtemp(path.join(tmpdir(), 'spark-missing-bytes-'));
  if (s3TestStorage) {
    const s3 = await startS3TestStorage();
    storage = s3.storage;
    store = s3.publicFiles;
    closeStorage = () => s3.close();
  } else {
    storage = createLocalFileStorage(path.join(dir, 'storage'));
    store = createLocalPublicFileStore(path.join(dir, 'public-files'));
  }
  ({ app, lines } = await buildLoggedApp(testDb.db, 'info', {
    storage,
    publicFiles: { store, maxBytes: 1024 * 1024 },
  }));
});
afterAll(async () => {
  await app?.close();
  await closeStorage();
  await testDb?.close();
  await rm(dir, { recursive: true, force: true });
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const notFoundBody = { errorCode: 2200, errorMessage: 'Item not found', errorData: null };

describe('bytes missing behind a row', () => {
  it("an avatar or logo still in use: the spec's 404 and a warning naming the key and its user", async () => {
    const repos = createRepositories(testDb.db);
    const avatar = await storage.put(PNG, 'image/png');
    await repos.accounts.create({ email: 'lost@spark.test', fullName: 'Lost', avatar });
    const logo = await storage.put(PNG, 'image/png');
    await repos.teams.create({ name: 'Lost logos', plan: 'basic', logo });
    for (const [key, usedBy] of [
      [avatar, 'account'],
      [logo, 'team'],
    ] as const) {
      expect((await app.inject({ url: `/api/v1/avatars/${key}` })).statusCode).toBe(200);
      await storage.delete(key);
      lines.length = 0;
      const response = await app.inject({ url: `/api/v1/avatars/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
      const warnings = logged().filter((line) => line.level === 'warn' || line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ avatar: key, usedBy });
      expect(String(warnings[0]?.msg)).toContain('image missing from storage');
    }
  });

  it('an old link to a replaced image, or a made-up key, is a plain 404 with no warning', async () => {
    const replaced = await storage.put(PNG, 'image/png');
    await storage.delete(replaced);
    for (const key of [replaced, 'not-a-key.png', `${'A'.repeat(43)}.jpg`]) {
      lines.length = 0;
      const response = await app.inject({ url: `/api/v1/avatars/${key}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
      expect(logged().filter((line) => line.level === 'warn' || line.level === 40)).toEqual([]);
    }
  });

  it("a public file and its preview: the spec's 404 and a warning naming the file, never the secret", async () => {
    const repos = createRepositories(testDb.db);
    const stored = await store.write(Readable.from([Buffer.from('hello, world')]), 1024);
    const preview = await store.write(Readable.from([PNG]), 1024);
    const row = await repos.publicFiles.insert({
      key: 'lostfile0000000000000A',
      secretHash: hashSecret(SECRET),
      name: 'hello.txt',
      mimeType: 'text/plain',
      size: stored.size,
      storageKey: stored.key,
      previewStorageKey: preview.key,
      previewMimeType: 'image/png',
      previewSize: preview.size,
      sender: 'Tester',
      uploadedBy: null,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const base = `/api/v1/public-files/${row.key}`;
    const query = `?s=${encodeURIComponent(SECRET)}`;
    expect((await app.inject({ url: `${base}/download${query}` })).body).toBe('hello, world');
    await store.delete(stored.key);
    await store.delete(preview.key);
    for (const [route, part, storageKey] of [
      ['download', 'file', stored.key],
      ['download-preview', 'preview', preview.key],
    ] as const) {
      lines.length = 0;
      const response = await app.inject({ url: `${base}/${route}${query}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
      const warnings = logged().filter((line) => line.level === 'warn' || line.level === 40);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ publicFile: row.key, storageKey, part });
      expect(String(warnings[0]?.msg)).toContain('public file missing from storage');
      expect(lines.join('\n')).not.toContain(SECRET.slice(0, 20));
    }
    // The card still answers from the row: only the bytes are gone.
    expect((await app.inject({ url: `${base}${query}` })).statusCode).toBe(200);
  });
});
