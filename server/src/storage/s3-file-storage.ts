import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage';
import { isNotFound, type S3Bucket } from './s3-client';
import { contentTypeOfKey, newStorageKey } from './storage-key';

/** Where avatars and logos go in the bucket, apart from public files. */
export const AVATARS_PREFIX = 'avatars/';

/**
 * Avatars and logos in an S3-compatible bucket, one object per key under `avatars/`. Keys are
 * checked against the key pattern first, as on disk, so a request only ever names objects this
 * storage wrote. Images are small (the upload limit), so they are put and read whole.
 */
export function createS3FileStorage({ client, bucket }: S3Bucket, prefix = AVATARS_PREFIX): FileStorage {
  return {
    async put(bytes, contentType) {
      const key = newStorageKey(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: `${prefix}${key}`,
          Body: bytes,
          ContentType: contentType,
        }),
      );
      return key;
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }));
        const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!contentTypeOfKey(key)) return;
      // S3 answers 204 for a missing key too: deleting twice is not an error, as on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }));
    },
  };
}
