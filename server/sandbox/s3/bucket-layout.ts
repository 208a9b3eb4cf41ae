import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Error } from './errors';

/** What HeadObject and GetObject tell about an object. */
export interface ObjectInfo {
  size: number;
  etag: string;
  contentType: string;
  lastModified: Date;
}

export interface UploadInfo {
  key: string;
  uploadId: string;
  initiated: Date;
  contentType: string;
}

/** What S3 takes for the smallest part but the last of a multipart upload. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
export const MAX_KEY_LENGTH = 1024;
export const UPLOAD_ID = /^[A-Za-z0-9_-]{43}$/;

/** How a request body should check out: its SHA-256 (signed payload) and length, when given. */
export interface BodyCheck {
  sha256: string | null;
  contentLength: number | null;
}

/**
 * One key segment as a file name: percent-encoded, and never starting with '.', so no key names
 * '.', '..' or one of the store's own dot-files (uploads in progress, metadata, temp files).
 */
function segmentName(segment: string): string {
  return encodeURIComponent(segment).replace(/^\./, '%2E');
}

/**
 * Where a bucket store keeps what on disk, and its file steps: a body streamed into a temp file and
 * checked, an object renamed into place with its metadata, an upload's index read back.
 */
export function createBucketLayout(root: string, buckets: readonly string[]) {
  const tmpDir = path.join(root, '.tmp');
  const relative = (key: string) => {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new S3Error('InvalidArgument', { Key: key });
    const segments = key.split('/');
    if (segments.some((s) => s === '')) throw new S3Error('InvalidArgument', { Key: key });
    return segments.map(segmentName);
  };
  const bucketDir = (bucket: string) => {
    if (!buckets.includes(bucket)) throw new S3Error('NoSuchBucket', { BucketName: bucket });
    return path.join(root, bucket);
  };
  const objectPath = (bucket: string, key: string) => path.join(bucketDir(bucket), ...relative(key));
  const metaPath = (bucket: string, key: string) =>
    `${path.join(root, '.meta', bucket, ...relative(key))}.json`;
  const uploadIndex = (bucket: string, uploadId: string) =>
    path.join(root, '.uploads', bucket, `${uploadId}.json`);
  const uploadDir = (bucket: string, key: string, uploadId: string) =>
    path.join(path.dirname(objectPath(bucket, key)), `.${uploadId}.part`);

  const tempFile = async () => {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, randomBytes(16).toString('hex'));
  };

  /** Streams a body into a temp file, checking its length and signed hash; answers its MD5 and size. */
  async function receive(
    body: Readable,
    check: BodyCheck,
  ): Promise<{ file: string; md5: Buffer; size: number }> {
    const file = await tempFile();
    const md5 = createHash('md5');
    const sha256 = check.sha256 ? createHash('sha256') : null;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        md5.update(chunk);
        sha256?.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, tap, createWriteStream(file, { mode: 0o600 }));
      if (check.contentLength !== null && size !== check.contentLength) throw new S3Error('IncompleteBody');
      if (sha256 && sha256.digest('hex') !== check.sha256) throw new S3Error('XAmzContentSHA256Mismatch');
      return { file, md5: md5.digest(), size };
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async function placeObject(bucket: string, key: string, file: string, info: ObjectInfo): Promise<void> {
    const target = objectPath(bucket, key);
    const meta = metaPath(bucket, key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(path.dirname(meta), { recursive: true });
    const metaTemp = await tempFile();
    await writeFile(metaTemp, JSON.stringify(info));
    await rename(metaTemp, meta);
    await rename(file, target);
  }

  async function readUpload(bucket: string, key: string, uploadId: string): Promise<UploadInfo> {
    if (!UPLOAD_ID.test(uploadId)) throw new S3Error('NoSuchUpload', { UploadId: uploadId });
    try {
      const info = JSON.parse(await readFile(uploadIndex(bucket, uploadId), 'utf8')) as UploadInfo;
      if (info.key !== key) throw new S3Error('NoSuchUpload', { UploadId: uploadId });
      return { ...info, initiated: new Date(info.initiated) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new S3Error('NoSuchUpload', { UploadId: uploadId });
      throw error;
    }
  }

  return {
    bucketDir,
    objectPath,
    metaPath,
    uploadIndex,
    uploadDir,
    tempFile,
    receive,
    placeObject,
    readUpload,
  };
}
