import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/** How to reach a bucket: STORAGE_S3_* settings, or the built-in stand-in's. */
export interface S3Settings {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** null: AWS itself; a function: an address known only once listening (the stand-in on this server). */
  endpoint: string | (() => string) | null;
  forcePathStyle: boolean;
}

/** One bucket and the client that reaches it, shared by the two adapters. */
export interface S3Bucket {
  client: S3Client;
  bucket: string;
}

export function createS3Bucket(settings: S3Settings): S3Bucket {
  const { endpoint } = settings;
  const client = new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle,
    ...(endpoint === null
      ? {}
      : { endpoint: typeof endpoint === 'string' ? endpoint : async () => ({ url: new URL(endpoint()) }) }),
    // Checksums only where S3 requires them: S3-compatible services (and the stand-in) do not all
    // speak the aws-chunked trailers the SDK's default sends; the ETag and TLS cover integrity.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, bucket: settings.bucket };
}

/** Whether an SDK error is S3 saying "no such object" (GetObject's NoSuchKey, HeadObject's 404). */
export function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
