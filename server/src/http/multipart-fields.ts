import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route-level multipart limits, e.g. a larger file size for image uploads (default: app.ts). */
    multipartLimits?: { fileSize?: number; files?: number };
    /** The route reads its multipart body as a stream itself (public-file upload): no body is built. */
    streamsMultipart?: boolean;
  }
}

/** A form field's value holds at most this much; files are limited per route (below). */
const FIELD_SIZE_BYTES = 64 * 1024;

/** The plugin's limits for the whole app: parts, fields and files per request, and their sizes. */
export function multipartLimits(bodyLimit: number) {
  return { fieldSize: FIELD_SIZE_BYTES, fields: 50, files: 5, fileSize: bodyLimit, parts: 60 };
}

const tooLarge = (field: string) => new ValidationError([{ field, message: 'is too large' }], 413);

/**
 * Turns a multipart/form-data body into a plain object before validation, so routes validate form
 * fields with the same zod schemas as JSON (the console sends the refresh token as a form field).
 * A field sent twice becomes an array; a file becomes a Buffer, which only upload routes accept.
 * The route's body limit holds for the whole form as it does for JSON (a page view: 1 KiB); upload
 * routes raise it to their file limit. Over it, or a field or file over its own limit: 413 on that
 * field (never a silently cut value). Malformed multipart data is a 400 with errorCode 10, never a 500.
 */
export async function multipartFieldsToBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart() || request.routeOptions.config.streamsMultipart) return;
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const existing = body[name];
    body[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  };
  const configured = request.routeOptions.config.multipartLimits;
  const budget = Math.max(request.routeOptions.bodyLimit, configured?.fileSize ?? 0);
  const limits = {
    ...configured,
    fileSize: Math.min(configured?.fileSize ?? budget, budget),
    fieldSize: Math.min(FIELD_SIZE_BYTES, budget),
  };
  let total = 0;
  let field = 'body';
  try {
    for await (const part of request.parts({ limits })) {
      field = part.fieldname;
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        total += bytes.length;
        add(part.fieldname, bytes);
      } else {
        if (part.valueTruncated) throw tooLarge(part.fieldname);
        total += Buffer.byteLength(typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
        add(part.fieldname, part.value);
      }
      if (total > budget) throw tooLarge('body');
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field);
    // The plugin's own errors (limits) carry a status; the parser's (busboy) do not.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new ValidationError([{ field: 'body', message: 'is not valid multipart/form-data' }]);
  }
  request.body = body;
}
