import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Route-level multipart limits, e.g. a larger file size for image uploads (default: app.ts). */
    multipartLimits?: { fileSize?: number; files?: number };
  }
}

/**
 * Turns a multipart/form-data body into a plain object before validation, so routes validate form
 * fields with the same zod schemas as JSON (the console sends the refresh token as a form field).
 * A field sent twice becomes an array; a file becomes a Buffer, which only upload routes accept.
 * A file over the size limit is a 413 on that field; malformed multipart data is a 400 with
 * errorCode 10, never a 500.
 */
export async function multipartFieldsToBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  const add = (name: string, value: unknown) => {
    const existing = body[name];
    body[name] =
      existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  };
  const limits = request.routeOptions.config.multipartLimits;
  let field = 'body';
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      field = part.fieldname;
      if (part.type === 'file') add(part.fieldname, await part.toBuffer());
      else add(part.fieldname, part.value);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ValidationError([{ field, message: 'is too large' }], 413);
    }
    // The plugin's own errors (limits) carry a status; the parser's (busboy) do not.
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new ValidationError([{ field: 'body', message: 'is not valid multipart/form-data' }]);
  }
  request.body = body;
}
