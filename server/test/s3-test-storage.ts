import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createS3Sandbox, S3_SANDBOX_MOUNT } from '../sandbox/s3/s3-sandbox';
import type { FileStorage, StoredFile } from '../src/storage/file-storage';
import type { PublicFileStore } from '../src/storage/public-file-store';
import { createS3Bucket } from '../src/storage/s3-client';
import { AVATARS_PREFIX, createS3FileStorage } from '../src/storage/s3-file-storage';
import { createS3PublicFileStore, PUBLIC_FILES_PREFIX } from '../src/storage/s3-public-file-store';

/** TEST_STORAGE=s3: every test app keeps avatars, logos and public files in S3 (the stand-in). */
export const s3TestStorage = process.env.TEST_STORAGE === 's3';

const BUCKET = 'spark-test';

/**
 * What tests read of stored avatars (`has`, `size`), from the stand-in's folder: each object is a
 * file named by its key there. Only those two are meant to be used.
 */
class StoredAvatars extends Map<string, StoredFile> {
  constructor(private readonly dir: string) {
    super();
  }
  override has(key: string): boolean {
    return existsSync(path.join(this.dir, key));
  }
  override get size(): number {
    return existsSync(this.dir) ? readdirSync(this.dir).filter((n) => !n.startsWith('.')).length : 0;
  }
}

export interface S3TestStorage {
  storage: FileStorage & { files: Map<string, StoredFile> };
  /** `dir`: the stand-in's folder for public files (objects, and `.{uploadId}.part` uploads in progress). */
  publicFiles: PublicFileStore & { dir: string };
  close(): Promise<void>;
}

/** The S3 stand-in on a loopback port of its own, and the two S3 adapters pointed at it. */
export async function startS3TestStorage(): Promise<S3TestStorage> {
  const root = await mkdtemp(path.join(tmpdir(), 'spark-s3-'));
  const sandbox = createS3Sandbox({ dir: root, bucket: BUCKET });
  const server = Fastify({ logger: false });
  await server.register(sandbox.plugin);
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  const bucket = createS3Bucket({
    bucket: BUCKET,
    region: 'us-east-1',
    ...sandbox.credentials,
    endpoint: `${url}${S3_SANDBOX_MOUNT}`,
    forcePathStyle: true,
  });
  const storage = Object.assign(createS3FileStorage(bucket), {
    files: new StoredAvatars(path.join(root, BUCKET, AVATARS_PREFIX)),
  });
  const publicFiles = Object.assign(createS3PublicFileStore(bucket), {
    dir: path.join(root, BUCKET, PUBLIC_FILES_PREFIX),
  });
  return {
    storage,
    publicFiles,
    async close() {
      bucket.client.destroy();
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
