import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';
import { ObjectTooLargeError, type PublicFileStore, type StoredObject } from '../storage/public-file-store';

/** An optional preview image is small: a picture of the file, not a second file. */
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
const INFO_MAX_BYTES = 16 * 1024;

export interface ReceivedUpload {
  info: string | undefined;
  file: (StoredObject & { fileName: string; fileType: string }) | null;
  preview: StoredObject | null;
}

const tooLarge = (field: string) => new ValidationError([{ field, message: 'is too large' }], 413);

/**
 * Reads a public-file upload as it arrives: the `file` and `preview` parts go straight into the
 * store (never into memory), `info` is kept as text. Whatever was stored is removed again when the
 * request fails half-way (a limit, a malformed form, the client going away), so an aborted upload
 * leaves nothing behind. The caller owns the stored objects once this resolves.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: PublicFileStore,
  maxBytes: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw new ValidationError([{ field: 'content-type', message: 'is not supported' }], 415);
  const received: ReceivedUpload = { info: undefined, file: null, preview: null };
  let field = 'body';
  try {
    // Busboy's own cut-off sits one byte past ours, so the store sees the excess and refuses it.
    const limits = { fileSize: maxBytes + 1, files: 2, fields: 1, parts: 3, fieldSize: INFO_MAX_BYTES };
    for await (const part of request.parts({ limits })) {
      field = part.fieldname;
      if (part.type === 'field') {
        if (part.fieldname !== 'info' || received.info !== undefined)
          throw new ValidationError([{ field, message: 'is not allowed' }]);
        if (part.valueTruncated) throw tooLarge('info');
        received.info = String(part.value);
      } else if (part.fieldname === 'file' && !received.file) {
        const stored = await store.write(part.file, maxBytes);
        received.file = { ...stored, fileName: part.filename, fileType: part.mimetype };
      } else if (part.fieldname === 'preview' && !received.preview) {
        received.preview = await store.write(part.file, PREVIEW_MAX_BYTES);
      } else {
        throw new ValidationError([{ field, message: 'is not allowed' }]);
      }
    }
    return received;
  } catch (error) {
    await discardUpload(store, received);
    if (error instanceof ValidationError) throw error;
    if (error instanceof ObjectTooLargeError) throw tooLarge(field);
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new ValidationError([{ field: 'body', message: 'is not valid multipart/form-data' }]);
  }
}

/** Removes what an upload stored (a failed or refused upload). */
export async function discardUpload(
  store: PublicFileStore,
  upload: Pick<ReceivedUpload, 'file' | 'preview'>,
): Promise<void> {
  await Promise.all([upload.file, upload.preview].map((o) => (o ? store.delete(o.key) : null)));
}
