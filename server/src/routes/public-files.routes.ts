import { randomBytes } from 'node:crypto';
import { defaultErrorMessages, ErrorCode } from '@domain/error-codes';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { imageContentType } from '../avatars/image-type';
import type { PublicFileRow } from '../db/repositories/public-files.repository';
import { AppError, ItemNotFoundError, TokenInvalidError, ValidationError } from '../errors';
import { createKeyGuessLimit } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';
import { chooseRange } from '../public-files/byte-range';
import { attachmentDisposition } from '../public-files/content-disposition';
import { publicFileResponse, toPublicFile } from '../public-files/public-file-view';
import { discardUpload, receiveUpload } from '../public-files/receive-upload';
import { hashSecret, SECRET_PATTERN, secretMatches } from '../public-files/secret';
import { parseUploadInfo } from '../public-files/upload-info';
import type { PublicFileStore } from '../storage/public-file-store';

export interface PublicFilesOptions {
  store: PublicFileStore;
  /** MAX_PUBLIC_FILE_BYTES: the largest file one upload may bring. */
  maxBytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public files' bytes and limit (the CLI's cleanup reaches them through the running server). */
    publicFiles: PublicFilesOptions;
  }
}

// A file's key: 16 random bytes in base64url. Anything else is a malformed link (code 10), not a miss.
const KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const secretQuery = z.strictObject({ s: z.string().max(100).regex(SECRET_PATTERN) });
const keyParams = z.strictObject({ id: z.string().max(100).regex(KEY_PATTERN) });

export class PublicFileExpiredError extends AppError {
  constructor() {
    super(410, ErrorCode.publicFileExpired, defaultErrorMessages[ErrorCode.publicFileExpired]);
  }
}

export class PublicFileDeletedError extends AppError {
  constructor() {
    super(410, ErrorCode.publicFileDeleted, defaultErrorMessages[ErrorCode.publicFileDeleted]);
  }
}

// A stand-in hash for unknown keys, so a miss costs the same comparison as a wrong secret.
const NO_SUCH_FILE = hashSecret('');

/**
 * Public files (spec section 7): staff upload large files (streamed into the store, never held in
 * memory) and share them by a link whose secret only the link holds; anyone with the link reads the
 * file's card and downloads it (ranges, resumable). Order of checks on a link: its format (400 code
 * 10), then key and secret together (404 2200 for either, so a wrong secret reveals nothing), then
 * deleted (410 2211) and expired (410 2210).
 */
/** Public-file uploads one staff account may make per hour. */
export const FILE_UPLOADS_PER_HOUR = 100;

const fileUploadLimit = {
  name: 'public-file-uploads',
  hook: 'preHandler',
  max: FILE_UPLOADS_PER_HOUR,
  timeWindow: 60 * 60 * 1000,
  keyGenerator: (request: FastifyRequest) => String(request.accountId),
} as const;

export const publicFilesRoutes: FastifyPluginAsync<PublicFilesOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { store, maxBytes } = options;
  // A wrong secret or an unknown key counts against the client address: the links cannot be guessed
  // at speed (decision 008). Right links never count, however often a file is downloaded.
  const misses = createKeyGuessLimit(app, 'public-file-misses');
  const checkMisses = (request: FastifyRequest, reply: FastifyReply) => misses.check(request, reply);

  function resolve(request: FastifyRequest, key: string, secret: string): Promise<PublicFileRow> {
    return misses.counting(
      request,
      (error) => error instanceof ItemNotFoundError,
      async () => {
        const row = await app.repos.publicFiles.find(key);
        const matches = secretMatches(secret, row?.secretHash ?? NO_SUCH_FILE);
        if (!row || !matches) throw new ItemNotFoundError();
        if (row.deletedAt) throw new PublicFileDeletedError();
        if (row.expiresAt.getTime() <= app.clock.now().getTime() || row.purgedAt)
          throw new PublicFileExpiredError();
        return row;
      },
    );
  }

  app.post(
    '/api/v1/files',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireStaff],
      config: { streamsMultipart: true, rateLimit: fileUploadLimit },
      // The body is streamed by the handler: the app's multipart-to-body hook leaves it alone.
      schema: { querystring: secretQuery, response: { 200: publicFileResponse } },
    },
    async (request) => {
      const upload = await receiveUpload(request, store, maxBytes);
      try {
        if (!upload.file || upload.file.size === 0)
          throw new ValidationError([{ field: 'file', message: 'must not be empty' }]);
        let previewType: string | null = null;
        if (upload.preview) {
          previewType = await sniffImage(store, upload.preview.key);
          if (!previewType) throw new ValidationError([{ field: 'preview', message: 'PNG, JPG only' }]);
        }
        const uploader = await app.repos.accounts.findById(request.accountId);
        if (!uploader) throw new TokenInvalidError();
        const info = parseUploadInfo(upload.info, {
          fileName: upload.file.fileName,
          fileType: upload.file.fileType,
          uploaderName: uploader.fullName,
          now: app.clock.now(),
        });
        if (Array.isArray(info)) throw new ValidationError(info);
        // The row comes last: until it is committed the stored bytes are reachable by no link.
        const row = await app.repos.publicFiles.insert({
          key: randomBytes(16).toString('base64url'),
          secretHash: hashSecret(request.query.s),
          name: info.name,
          mimeType: info.mimeType,
          size: upload.file.size,
          storageKey: upload.file.key,
          previewStorageKey: upload.preview?.key ?? null,
          previewMimeType: previewType,
          previewSize: upload.preview?.size ?? null,
          sender: info.sender,
          uploadedBy: request.accountId,
          expiresAt: info.expiresAt,
        });
        request.log.info({ publicFile: row.key, size: row.size }, 'public file uploaded');
        return toPublicFile(row, request.query.s);
      } catch (error) {
        await discardUpload(store, upload);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/public-files/:id',
    {
      preHandler: checkMisses,
      schema: { params: keyParams, querystring: secretQuery, response: { 200: publicFileResponse } },
    },
    async (request) =>
      toPublicFile(await resolve(request, request.params.id, request.query.s), request.query.s),
  );

  app.get(
    '/api/v1/public-files/:id/download',
    { preHandler: checkMisses, schema: { params: keyParams, querystring: secretQuery } },
    async (request, reply) => {
      const row = await resolve(request, request.params.id, request.query.s);
      return sendObject(reply, store, request.headers.range, {
        file: row.key,
        key: row.storageKey,
        size: Number(row.size),
        type: row.mimeType,
        name: row.name,
      });
    },
  );

  app.get(
    '/api/v1/public-files/:id/download-preview',
    { preHandler: checkMisses, schema: { params: keyParams, querystring: secretQuery } },
    async (request, reply) => {
      const row = await resolve(request, request.params.id, request.query.s);
      if (!row.previewStorageKey || !row.previewMimeType) throw new ItemNotFoundError();
      const ext = row.previewMimeType === 'image/png' ? 'png' : 'jpg';
      return sendObject(reply, store, request.headers.range, {
        file: row.key,
        preview: true,
        key: row.previewStorageKey,
        size: Number(row.previewSize),
        type: row.previewMimeType,
        name: `${row.name}.preview.${ext}`,
      });
    },
  );

  // The sender takes a file back: its link says 'deleted' from now on and the bytes go at once.
  app.delete(
    '/api/v1/public-files/:id',
    { onRequest: [app.authenticate], preHandler: [app.requireStaff], schema: { params: keyParams } },
    async (request, reply) => {
      const keys = await app.repos.publicFiles.markDeleted(request.params.id, app.clock.now());
      if (!keys) throw new ItemNotFoundError();
      await store.delete(keys.storageKey);
      if (keys.previewStorageKey) await store.delete(keys.previewStorageKey);
      return reply.status(204).send();
    },
  );
};

async function sniffImage(store: PublicFileStore, key: string): Promise<string | null> {
  const head = await store.read(key, { start: 0, end: 23 });
  if (!head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head) chunks.push(chunk as Buffer);
  return imageContentType(Buffer.concat(chunks));
}

/**
 * Streams a stored object as an attachment: the whole of it (200) or one range (206), with the
 * headers a download manager needs to resume; a range past the end is 416 with the size.
 */
async function sendObject(
  reply: FastifyReply,
  store: PublicFileStore,
  rangeHeader: string | undefined,
  object: { file: string; preview?: boolean; key: string; size: number; type: string; name: string },
) {
  const choice = chooseRange(rangeHeader, object.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    // Whatever the file is, this origin never renders it as a page.
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
  if (choice.kind === 'unsatisfiable') {
    reply.header('content-range', `bytes */${object.size}`);
    throw new ValidationError([{ field: 'range', message: 'is not satisfiable' }], 416);
  }
  const range = choice.kind === 'part' ? choice.range : undefined;
  const stream = await store.read(object.key, range);
  if (!stream) {
    // The row says the bytes are stored: lost bytes, for the operator (never the link's secret).
    reply.log.warn(
      { publicFile: object.file, storageKey: object.key, part: object.preview ? 'preview' : 'file' },
      'public file missing from storage: its row exists but the bytes are gone',
    );
    throw new ItemNotFoundError();
  }
  const length = range ? range.end - range.start + 1 : object.size;
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
  return reply
    .type(object.type)
    .header('content-length', String(length))
    .header('content-disposition', attachmentDisposition(object.name))
    .send(stream);
}
