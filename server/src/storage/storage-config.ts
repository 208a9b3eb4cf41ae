/** Where uploaded files live, from STORAGE_S3_* (see the README's settings table). */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** null: AWS itself (the region's endpoint). */
      endpoint: string | null;
      forcePathStyle: boolean;
    }
  | {
      /** STORAGE_S3_SANDBOX=on: the built-in stand-in on this server holds the bucket. */
      kind: 's3-sandbox';
      bucket: string;
      region: string;
      /** The key pair it accepts; null: random per start. */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

const NAMES = {
  bucket: 'STORAGE_S3_BUCKET',
  region: 'STORAGE_S3_REGION',
  accessKeyId: 'STORAGE_S3_ACCESS_KEY_ID',
  secretAccessKey: 'STORAGE_S3_SECRET_ACCESS_KEY',
  endpoint: 'STORAGE_S3_ENDPOINT',
  forcePathStyle: 'STORAGE_S3_FORCE_PATH_STYLE',
} as const;
// S3's rules for bucket names (3-63 lower-case letters, digits, dots and hyphens).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads the STORAGE_S3_* settings. None set: local disk (the default). A partial set refuses to
 * start, naming what is missing; messages name variables, never their values (secrets stay out of
 * logs). `fail` builds the caller's error type (config.ts's ConfigError).
 */
export function parseStorageConfig(env: NodeJS.ProcessEnv, fail: (message: string) => Error): StorageConfig {
  const value = (name: keyof typeof NAMES) => env[NAMES[name]]?.trim() || null;
  const sandbox = env.STORAGE_S3_SANDBOX?.trim() || 'off';
  if (sandbox !== 'on' && sandbox !== 'off') throw fail('STORAGE_S3_SANDBOX must be on or off');
  const bucket = value('bucket');
  if (bucket !== null && !BUCKET.test(bucket)) {
    throw fail(
      'STORAGE_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    );
  }
  const accessKeyId = value('accessKeyId');
  const secretAccessKey = value('secretAccessKey');
  const forcePathStyle = value('forcePathStyle');
  if (forcePathStyle !== null && forcePathStyle !== 'true' && forcePathStyle !== 'false') {
    throw fail('STORAGE_S3_FORCE_PATH_STYLE must be true or false');
  }
  if (sandbox === 'on') {
    if (value('endpoint')) {
      throw fail('STORAGE_S3_SANDBOX=on serves the bucket from this server: unset STORAGE_S3_ENDPOINT');
    }
    if (!accessKeyId !== !secretAccessKey) {
      throw fail(
        'Set both STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY, or neither (a random pair)',
      );
    }
    return {
      kind: 's3-sandbox',
      bucket: bucket ?? 'spark-sandbox',
      region: value('region') ?? 'us-east-1',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    };
  }
  const set = (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter((name) => value(name) !== null);
  if (set.length === 0) return { kind: 'local' };
  const required = ['bucket', 'region', 'accessKeyId', 'secretAccessKey'] as const;
  const missing = required.filter((name) => value(name) === null).map((name) => NAMES[name]);
  if (missing.length > 0) {
    throw fail(
      `STORAGE_S3_* is partly set: also set ${missing.join(', ')} (or unset them all to keep files on local disk)`,
    );
  }
  const endpoint = value('endpoint');
  if (endpoint !== null && !(/^https?:\/\//.test(endpoint) && URL.canParse(endpoint))) {
    throw fail('STORAGE_S3_ENDPOINT must be an http:// or https:// URL');
  }
  return {
    kind: 's3',
    bucket: bucket as string,
    region: value('region') as string,
    accessKeyId: accessKeyId as string,
    secretAccessKey: secretAccessKey as string,
    endpoint,
    forcePathStyle: forcePathStyle === 'true',
  };
}
