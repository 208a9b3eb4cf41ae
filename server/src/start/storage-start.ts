import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { type Config, publicFilesDir, storageDir } from '../settings/config';
import type { FileStorage } from '../storage/file-storage';
import { createLocalFileStorage } from '../storage/local-file-storage';
import { createLocalPublicFileStore } from '../storage/local-public-file-store';
import type { PublicFileStore } from '../storage/public-file-store';

export interface StorageStart {
  /** Avatars and logos. */
  storage: FileStorage;
  publicFileStore: PublicFileStore;
  /** The S3 stand-in's routes, when STORAGE_S3_SANDBOX=on. */
  standIns: FastifyPluginAsync[];
  /** One line for the start-up log: where files go (no secrets). */
  description: string;
}

/**
 * The one seam between the product and the S3 stand-in. Local disk under DATA_DIR by default; with
 * STORAGE_S3_* an S3-compatible bucket; with STORAGE_S3_SANDBOX=on the built-in stand-in, mounted on
 * this server (objects under DATA_DIR/s3-sandbox) and reached through the same SDK at `localUrl()`.
 */
export async function startStorage(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
  localUrl: () => string,
  log?: (error: unknown) => void,
): Promise<StorageStart> {
  const settings = config.fileStorage;
  if (settings.kind === 'local') {
    return {
      storage: createLocalFileStorage(storageDir(config)),
      publicFileStore: createLocalPublicFileStore(publicFilesDir(config)),
      standIns: [],
      description: `files on local disk under ${config.dataDir}`,
    };
  }
  // The AWS SDK takes a while to load: only servers (and CLI runs) that use S3 load it.
  const { createS3Bucket } = await import('../storage/s3-client');
  const { createS3FileStorage } = await import('../storage/s3-file-storage');
  const { createS3PublicFileStore } = await import('../storage/s3-public-file-store');
  if (settings.kind === 's3') {
    const bucket = createS3Bucket(settings);
    return {
      storage: createS3FileStorage(bucket),
      publicFileStore: createS3PublicFileStore(bucket),
      standIns: [],
      description: `files in S3 bucket ${settings.bucket} (${settings.endpoint ?? `AWS ${settings.region}`})`,
    };
  }
  const { createS3Sandbox, S3_SANDBOX_MOUNT } = await import('../../sandbox/s3/s3-sandbox');
  const sandbox = createS3Sandbox({
    dir: path.join(config.dataDir, 's3-sandbox'),
    bucket: settings.bucket,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    log,
  });
  const bucket = createS3Bucket({
    bucket: settings.bucket,
    region: settings.region,
    ...sandbox.credentials,
    endpoint: () => `${localUrl()}${S3_SANDBOX_MOUNT}`,
    forcePathStyle: true,
  });
  return {
    storage: createS3FileStorage(bucket),
    publicFileStore: createS3PublicFileStore(bucket),
    standIns: [sandbox.plugin],
    description: `files in the built-in S3 stand-in (${S3_SANDBOX_MOUNT}, bucket ${settings.bucket}, under ${sandbox.dir})`,
  };
}

/**
 * Storage for a CLI run without a server (cleanup commands). The stand-in, when on, is served on a
 * loopback port for the run's length, so the CLI goes through the same adapters as the server.
 */
export async function openStorageForCli(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
): Promise<StorageStart & { close(): Promise<void> }> {
  let url = '';
  const started = await startStorage(config, () => url);
  if (started.standIns.length === 0) return { ...started, close: async () => {} };
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  for (const standIn of started.standIns) await app.register(standIn);
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { ...started, close: () => app.close() };
}
