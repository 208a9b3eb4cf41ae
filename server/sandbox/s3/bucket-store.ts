import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
const MAX_KEY_LENGTH = 1024;
const UPLOAD_ID = /^[A-Za-z0-9_-]{43}$/;

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
 * Buckets on disk under `root`: an object is a plain file at its key's path in the bucket's folder
 * (`root/{bucket}/{segments}`), its metadata a JSON file in `root/.meta/{bucket}/...`. A multipart
 * upload in progress is a folder `.{uploadId}.part` beside where its object will be, holding one file
 * per part; `root/.uploads/{bucket}/{uploadId}.json` lists it. Every write goes to `root/.tmp` and is
 * renamed into place, so readers see whole files only. Bodies are streamed, never held in memory.
 */
export function createBucketStore(root: string, buckets: readonly string[]) {
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
    async putObject(bucket: string, key: string, body: Readable, contentType: string, check: BodyCheck) {
      objectPath(bucket, key);
      const { file, md5, size } = await receive(body, check);
      const info = { size, etag: `"${md5.toString('hex')}"`, contentType, lastModified: new Date() };
      await placeObject(bucket, key, file, info);
      return info;
    },

    async stat(bucket: string, key: string): Promise<ObjectInfo | null> {
      const [metaFile, objectFile] = [metaPath(bucket, key), objectPath(bucket, key)];
      try {
        const [meta, file] = await Promise.all([readFile(metaFile, 'utf8'), stat(objectFile)]);
        const info = JSON.parse(meta) as ObjectInfo;
        return { ...info, size: file.size, lastModified: new Date(info.lastModified) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
    },

    read(bucket: string, key: string, range?: { start: number; end: number }): Readable {
      return createReadStream(objectPath(bucket, key), { highWaterMark: 1024 * 1024, ...(range ?? {}) });
    },

    async deleteObject(bucket: string, key: string): Promise<void> {
      await rm(objectPath(bucket, key), { force: true });
      await rm(metaPath(bucket, key), { force: true });
    },

    async createUpload(bucket: string, key: string, contentType: string): Promise<string> {
      const uploadId = randomBytes(32).toString('base64url');
      const info: UploadInfo = { key, uploadId, initiated: new Date(), contentType };
      await mkdir(uploadDir(bucket, key, uploadId), { recursive: true });
      await mkdir(path.dirname(uploadIndex(bucket, uploadId)), { recursive: true });
      await writeFile(uploadIndex(bucket, uploadId), JSON.stringify(info));
      return uploadId;
    },

    async uploadPart(
      bucket: string,
      key: string,
      uploadId: string,
      partNumber: number,
      body: Readable,
      check: BodyCheck,
    ) {
      await readUpload(bucket, key, uploadId);
      const { file, md5 } = await receive(body, check);
      const dir = uploadDir(bucket, key, uploadId);
      // The part's ETag is in its file name, so completing checks it without another file.
      const etag = md5.toString('hex');
      for (const old of (await readdir(dir).catch(() => [])).filter((n) => n.startsWith(`${partNumber}.`))) {
        await rm(path.join(dir, old), { force: true });
      }
      try {
        await rename(file, path.join(dir, `${partNumber}.${etag}`));
      } catch (error) {
        // Aborted while this part was on its way.
        await rm(file, { force: true });
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new S3Error('NoSuchUpload', { UploadId: uploadId });
        throw error;
      }
      return `"${etag}"`;
    },

    async completeUpload(
      bucket: string,
      key: string,
      uploadId: string,
      parts: { partNumber: number; etag: string }[],
    ) {
      const upload = await readUpload(bucket, key, uploadId);
      const dir = uploadDir(bucket, key, uploadId);
      if (parts.length === 0) throw new S3Error('MalformedXML');
      for (let i = 1; i < parts.length; i++) {
        if (
          (parts[i] as { partNumber: number }).partNumber <=
          (parts[i - 1] as { partNumber: number }).partNumber
        ) {
          throw new S3Error('InvalidPartOrder');
        }
      }
      const files: string[] = [];
      for (const [index, part] of parts.entries()) {
        const etag = part.etag.replace(/"/g, '');
        const file = path.join(dir, `${part.partNumber}.${etag}`);
        const info = await stat(file).catch(() => null);
        if (!info || !/^[0-9a-f]{32}$/.test(etag))
          throw new S3Error('InvalidPart', { PartNumber: part.partNumber, ETag: part.etag });
        if (index < parts.length - 1 && info.size < MIN_PART_BYTES) {
          throw new S3Error('EntityTooSmall', { PartNumber: part.partNumber });
        }
        files.push(file);
      }
      // S3's multipart ETag: the MD5 of the parts' MD5s, then '-' and the number of parts.
      const etags = createHash('md5');
      for (const part of parts) etags.update(Buffer.from(part.etag.replace(/"/g, ''), 'hex'));
      const out = await tempFile();
      try {
        // Part after part appended to one file: one part's read buffer in memory at a time.
        for (const file of files)
          await pipeline(createReadStream(file), createWriteStream(out, { flags: 'a', mode: 0o600 }));
        const size = (await stat(out)).size;
        const info = {
          size,
          etag: `"${etags.digest('hex')}-${parts.length}"`,
          contentType: upload.contentType,
          lastModified: new Date(),
        };
        await placeObject(bucket, key, out, info);
        await rm(dir, { recursive: true, force: true });
        await rm(uploadIndex(bucket, uploadId), { force: true });
        return info;
      } catch (error) {
        await rm(out, { force: true });
        throw error;
      }
    },

    async abortUpload(bucket: string, key: string, uploadId: string): Promise<void> {
      await readUpload(bucket, key, uploadId);
      await rm(uploadIndex(bucket, uploadId), { force: true });
      await rm(uploadDir(bucket, key, uploadId), { recursive: true, force: true });
    },

    /** Uploads in progress whose key starts with `prefix`, by key then upload id (as S3 lists them). */
    async listUploads(bucket: string, prefix: string): Promise<UploadInfo[]> {
      bucketDir(bucket);
      const names = await readdir(path.join(root, '.uploads', bucket)).catch(() => [] as string[]);
      const uploads: UploadInfo[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const text = await readFile(path.join(root, '.uploads', bucket, name), 'utf8').catch(() => null);
        if (!text) continue;
        const info = JSON.parse(text) as UploadInfo;
        if (info.key.startsWith(prefix)) uploads.push({ ...info, initiated: new Date(info.initiated) });
      }
      return uploads.sort((a, b) =>
        a.key < b.key
          ? -1
          : a.key > b.key
            ? 1
            : a.uploadId < b.uploadId
              ? -1
              : a.uploadId > b.uploadId
                ? 1
                : 0,
      );
    },
  };
}

export type BucketStore = ReturnType<typeof createBucketStore>;
