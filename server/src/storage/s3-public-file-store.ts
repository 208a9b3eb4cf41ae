import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteLimit, type PublicFileStore } from './public-file-store';
import { isNotFound, type S3Bucket } from './s3-client';

/** Where public files go in the bucket, apart from avatars. */
export const PUBLIC_FILES_PREFIX = 'public-files/';
// 32 random bytes in base64url, as on disk: nothing else is a key.
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/**
 * Part size and parts in flight: an upload holds at most about (queue + 1) parts in memory
 * (lib-storage fills the next part while the others travel): 3 x 8 MiB per upload, whatever the
 * file's size. 8 MiB x S3's 10,000 parts is 80 GB, far over MAX_PUBLIC_FILE_BYTES's default.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;
export const S3_QUEUE_SIZE = 2;

/**
 * Public files in an S3-compatible bucket under `public-files/`. A write is lib-storage's Upload: a
 * multipart upload (one PutObject when the file fits one part) that becomes an object only when
 * completed, so readers and other servers see the whole file or nothing. Over the limit or when the
 * source fails, the body stream fails, lib-storage aborts the multipart upload, and the write rejects
 * only once that is done. A crashed process leaves an upload in progress that `sweepUnfinished`
 * aborts (ListMultipartUploads, AbortMultipartUpload).
 */
export function createS3PublicFileStore(
  { client, bucket }: S3Bucket,
  options: { prefix?: string; partBytes?: number; queueSize?: number } = {},
): PublicFileStore {
  const prefix = options.prefix ?? PUBLIC_FILES_PREFIX;
  return {
    async write(source, maxBytes) {
      const key = randomBytes(32).toString('base64url');
      const counted = { bytes: 0 };
      const body = new PassThrough();
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: `${prefix}${key}`,
          Body: body,
          ContentType: 'application/octet-stream',
        },
        partSize: options.partBytes ?? S3_PART_BYTES,
        queueSize: options.queueSize ?? S3_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      // A failed upload stops reading the body: fail it too, so the pipeline below ends.
      const uploaded = upload.done().catch((error: unknown) => {
        body.destroy(error as Error);
        throw error;
      });
      const [piped, done] = await Promise.allSettled([
        pipeline(source, byteLimit(maxBytes, counted), body),
        uploaded,
      ]);
      // The source's own failure (over the limit, the client gone) says best what went wrong.
      if (piped.status === 'rejected') throw piped.reason;
      if (done.status === 'rejected') throw done.reason;
      return { key, size: counted.bytes };
    },
    async read(key, range) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: `${prefix}${key}`,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!KEY_PATTERN.test(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }));
    },
    async sweepUnfinished(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated.getTime() >= cutoff)
            continue;
          try {
            await client.send(
              new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed++;
          } catch (error) {
            // Completed or aborted by another server meanwhile: nothing left to remove.
            if (!(error instanceof Error && error.name === 'NoSuchUpload')) throw error;
          }
        }
        if (!page.IsTruncated) return removed;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}
