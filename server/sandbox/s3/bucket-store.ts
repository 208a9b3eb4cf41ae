import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type BodyCheck,
  createBucketLayout,
  MIN_PART_BYTES,
  type ObjectInfo,
  type UploadInfo,
} from './bucket-layout';
import { S3Error } from './errors';

/**
 * Buckets on disk under `root`: an object is a plain file at its key's path in the bucket's folder
 * (`root/{bucket}/{segments}`), its metadata a JSON file in `root/.meta/{bucket}/...`. A multipart
 * upload in progress is a folder `.{uploadId}.part` beside where its object will be, holding one file
 * per part; `root/.uploads/{bucket}/{uploadId}.json` lists it. Every write goes to `root/.tmp` and is
 * renamed into place, so readers see whole files only. Bodies are streamed, never held in memory.
 */
export function createBucketStore(root: string, buckets: readonly string[]) {
  const {
    bucketDir,
    objectPath,
    metaPath,
    uploadIndex,
    uploadDir,
    tempFile,
    receive,
    placeObject,
    readUpload,
  } = createBucketLayout(root, buckets);
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

/** What the S3 routes hand the store with a body. */
export type { BodyCheck };
