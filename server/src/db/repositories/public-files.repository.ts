import type { Queryable } from '../db';

/** A public file's row; the bytes are in the public-file store under storageKey. */
export interface PublicFileRow {
  key: string;
  secretHash: Uint8Array;
  name: string;
  mimeType: string;
  size: number;
  storageKey: string;
  previewStorageKey: string | null;
  previewMimeType: string | null;
  previewSize: number | null;
  sender: string;
  uploadedBy: number | null;
  expiresAt: Date;
  deletedAt: Date | null;
  purgedAt: Date | null;
}

export type NewPublicFile = Omit<PublicFileRow, 'deletedAt' | 'purgedAt'>;

// bigint columns come back as text from Postgres; sizes stay far below 2^53, so float8 is exact.
const columns = `key, secret_hash AS "secretHash", name, mime_type AS "mimeType", size::float8 AS size,
  storage_key AS "storageKey", preview_storage_key AS "previewStorageKey",
  preview_mime_type AS "previewMimeType", preview_size::float8 AS "previewSize", sender,
  uploaded_by AS "uploadedBy", expires_at AS "expiresAt", deleted_at AS "deletedAt",
  purged_at AS "purgedAt"`;

/** The stored objects of a file: what to remove from the store once the row no longer needs them. */
export interface StorageKeys {
  storageKey: string;
  previewStorageKey: string | null;
}

export function createPublicFilesRepository(db: Queryable) {
  return {
    async insert(file: NewPublicFile): Promise<PublicFileRow> {
      const [row] = await db.query<PublicFileRow>(
        `INSERT INTO public_files (key, secret_hash, name, mime_type, size, storage_key,
           preview_storage_key, preview_mime_type, preview_size, sender, uploaded_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${columns}`,
        [
          file.key,
          file.secretHash,
          file.name,
          file.mimeType,
          file.size,
          file.storageKey,
          file.previewStorageKey,
          file.previewMimeType,
          file.previewSize,
          file.sender,
          file.uploadedBy,
          file.expiresAt,
        ],
      );
      return row as PublicFileRow;
    },

    async find(key: string): Promise<PublicFileRow | null> {
      const [row] = await db.query<PublicFileRow>(`SELECT ${columns} FROM public_files WHERE key = $1`, [
        key,
      ]);
      return row ?? null;
    },

    /** Marks the file deleted; returns its objects to remove, or null when it was already deleted or unknown. */
    async markDeleted(key: string, at: Date): Promise<StorageKeys | null> {
      const [row] = await db.query<StorageKeys>(
        `UPDATE public_files SET deleted_at = $2 WHERE key = $1 AND deleted_at IS NULL
         RETURNING storage_key AS "storageKey", preview_storage_key AS "previewStorageKey"`,
        [key, at],
      );
      return row ?? null;
    },

    /**
     * Claims expired (or deleted) files whose bytes are still stored, marking them purged in the same
     * statement, so several servers running the cleanup at once each remove a file's bytes once.
     */
    async claimPurgeable(now: Date, limit: number): Promise<StorageKeys[]> {
      return db.query<StorageKeys>(
        `UPDATE public_files SET purged_at = $1
         WHERE key IN (
           SELECT key FROM public_files
           WHERE purged_at IS NULL AND (expires_at <= $1 OR deleted_at IS NOT NULL)
           ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING storage_key AS "storageKey", preview_storage_key AS "previewStorageKey"`,
        [now, limit],
      );
    },
  };
}

export type PublicFilesRepository = ReturnType<typeof createPublicFilesRepository>;
