// No Postgres database: the storage configuration and start-up.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/settings/config';
import { openStorageForCli, startStorage } from '../src/start/storage-start';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const full = {
  STORAGE_S3_BUCKET: 'spark-files',
  STORAGE_S3_REGION: 'eu-central-1',
  STORAGE_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  STORAGE_S3_SECRET_ACCESS_KEY: SECRET,
};

describe('STORAGE_S3_* settings', () => {
  it('keep files on local disk when none is set', async () => {
    const config = loadConfig({});
    expect(config.fileStorage).toEqual({ kind: 'local' });
    const started = await startStorage(config, () => 'http://127.0.0.1:1');
    expect(started.standIns).toEqual([]);
    expect(started.description).toContain('local disk');
  });

  it('take a full set: AWS when no endpoint, any S3-compatible service with one', async () => {
    expect(loadConfig(full).fileStorage).toEqual({
      kind: 's3',
      bucket: 'spark-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: SECRET,
      endpoint: null,
      forcePathStyle: false,
    });
    const config = loadConfig({
      ...full,
      STORAGE_S3_ENDPOINT: 'https://minio.internal:9000',
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.fileStorage).toMatchObject({
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
    });
    const started = await startStorage(config, () => 'http://127.0.0.1:1');
    expect(started.description).toBe('files in S3 bucket spark-files (https://minio.internal:9000)');
    expect(started.description).not.toContain(SECRET);
  });

  it('refuse a partial set, naming what is missing and never a secret', () => {
    for (const [name, env] of [
      ['only the bucket', { STORAGE_S3_BUCKET: 'spark-files' }],
      ['no secret', { ...full, STORAGE_S3_SECRET_ACCESS_KEY: '' }],
      ['only a secret', { STORAGE_S3_SECRET_ACCESS_KEY: SECRET }],
      ['only an endpoint', { STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' }],
    ] as const) {
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        expect(error, name).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, name).toMatch(/^STORAGE_S3_\* is partly set: also set STORAGE_S3_/);
      expect(message, name).not.toContain(SECRET);
    }
    expect(() => loadConfig({ STORAGE_S3_BUCKET: 'x' })).toThrow(ConfigError);
  });

  it('refuse malformed values', () => {
    expect(() => loadConfig({ ...full, STORAGE_S3_BUCKET: 'Not_A_Bucket' })).toThrow(/bucket name/);
    expect(() => loadConfig({ ...full, STORAGE_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /http:\/\/ or https:\/\//,
    );
    expect(() => loadConfig({ ...full, STORAGE_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/true or false/);
    expect(() => loadConfig({ STORAGE_S3_SANDBOX: 'yes' })).toThrow(/on or off/);
    expect(() =>
      loadConfig({ STORAGE_S3_SANDBOX: 'on', STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    ).toThrow(/unset STORAGE_S3_ENDPOINT/);
    expect(() => loadConfig({ STORAGE_S3_SANDBOX: 'on', STORAGE_S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/both/);
  });
});

describe('STORAGE_S3_SANDBOX=on', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'spark-storage-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mounts the stand-in on this server and stores through it under DATA_DIR/s3-sandbox', async () => {
    const config = { ...loadConfig({ STORAGE_S3_SANDBOX: 'on' }), dataDir };
    expect(config.fileStorage).toEqual({
      kind: 's3-sandbox',
      bucket: 'spark-sandbox',
      region: 'us-east-1',
      credentials: null,
    });
    let url = '';
    const started = await startStorage(config, () => url);
    expect(started.standIns).toHaveLength(1);
    const app = Fastify();
    for (const standIn of started.standIns) await app.register(standIn);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const key = await started.storage.put(Buffer.from('png bytes'), 'image/png');
      expect(existsSync(path.join(dataDir, 's3-sandbox', 'spark-sandbox', 'avatars', key))).toBe(true);
      expect((await started.storage.get(key))?.bytes.toString()).toBe('png bytes');
      const stored = await started.publicFileStore.write(Readable.from([Buffer.from('public')]), 100);
      expect(existsSync(path.join(dataDir, 's3-sandbox', 'spark-sandbox', 'public-files', stored.key))).toBe(
        true,
      );

      // A CLI run (no server) serves the same bucket itself, for as long as the command runs.
      const cli = await openStorageForCli({
        ...loadConfig({ STORAGE_S3_SANDBOX: 'on' }),
        dataDir,
      });
      try {
        expect((await cli.storage.get(key))?.bytes.toString()).toBe('png bytes');
        await cli.publicFileStore.delete(stored.key);
      } finally {
        await cli.close();
      }
      expect(await started.publicFileStore.read(stored.key)).toBeNull();
    } finally {
      await app.close();
    }
  });
});
