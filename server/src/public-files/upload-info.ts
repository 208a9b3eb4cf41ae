import type { FieldError } from '@domain/error-codes';
import { z } from 'zod';
import { hasNoInvisibleFormatting } from '../http/invisible-formatting';
import { toFieldErrors } from '../http/zod-validation';

/** How long a file stays downloadable when the upload names no expiry. */
export const DEFAULT_LIFETIME_SECONDS = 7 * 86_400;
/** The longest a link may live: a public link is not a storage service. */
export const MAX_LIFETIME_SECONDS = 30 * 86_400;
// A browser's clock may run a little ahead of ours: '30 days' from it must still pass.
const CLOCK_SKEW_SECONDS = 300;

// type/subtype as RFC 6838 allows; anything else would be a header injection or a lie.
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;
// Control characters in a name break headers and file systems; path separators would be stripped
// by browsers anyway, so they are refused rather than silently changed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const NAME_FORBIDDEN = /[\u0000-\u001f\u007f/\\]/;

/** The multipart field `info` (JSON): all optional, defaults from the file part and the uploader. */
const infoSchema = z.strictObject({
  name: z.string().trim().min(1).max(255).optional(),
  mimeType: z.string().max(127).regex(MIME_TYPE).optional(),
  /** Seconds since epoch; in the future and at most MAX_LIFETIME_SECONDS away. */
  expiresAt: z.number().int().optional(),
  meta: z
    .strictObject({
      from: z.string().trim().max(200).refine(hasNoInvisibleFormatting, { message: 'is invalid' }).optional(),
    })
    .optional(),
});

export interface UploadInfo {
  name: string;
  mimeType: string;
  expiresAt: Date;
  sender: string;
}

export interface InfoDefaults {
  /** The file part's own name and type, as the browser sent them. */
  fileName: string | null;
  fileType: string | null;
  /** The uploader's name: the sender when info names none. */
  uploaderName: string;
  now: Date;
}

const infoError = (field: string, message: string): FieldError => ({ field: `info.${field}`, message });

/** Parses `info` (a JSON string, or absent) into what is stored, or the field errors. */
export function parseUploadInfo(raw: string | undefined, defaults: InfoDefaults): UploadInfo | FieldError[] {
  let json: unknown = {};
  if (raw !== undefined && raw.trim() !== '') {
    try {
      json = JSON.parse(raw);
    } catch {
      return [{ field: 'info', message: 'is not valid JSON' }];
    }
  }
  const parsed = infoSchema.safeParse(json);
  if (!parsed.success)
    return toFieldErrors(parsed.error.issues, json).map((e) => ({ ...e, field: `info.${e.field}` }));
  const info = parsed.data;
  const name = info.name ?? defaults.fileName?.trim() ?? '';
  if (name === '') return [infoError('name', 'must not be empty')];
  if (NAME_FORBIDDEN.test(name) || !hasNoInvisibleFormatting(name) || name.length > 255)
    return [infoError('name', 'is invalid')];
  const declaredType = defaults.fileType && MIME_TYPE.test(defaults.fileType) ? defaults.fileType : null;
  const nowSeconds = Math.floor(defaults.now.getTime() / 1000);
  const expiresAt = info.expiresAt ?? nowSeconds + DEFAULT_LIFETIME_SECONDS;
  if (expiresAt <= nowSeconds) return [infoError('expiresAt', 'must be in the future')];
  if (expiresAt > nowSeconds + MAX_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS)
    return [infoError('expiresAt', 'is too far away')];
  return {
    name,
    mimeType: (info.mimeType ?? declaredType ?? 'application/octet-stream').toLowerCase(),
    expiresAt: new Date(expiresAt * 1000),
    sender: info.meta?.from || defaults.uploaderName,
  };
}
