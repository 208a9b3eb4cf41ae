import { z } from 'zod';
import { type ImageContentType, imageContentType } from './image-type';

/** Avatars and team logos: at most 2 MiB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Spec section 5: the avatar upload's message. */
export const IMAGE_TYPE_MESSAGE = 'PNG, JPG only';

export interface ImageUpload {
  bytes: Buffer;
  contentType: ImageContentType;
}

/** The multipart field `file`, checked by content: missing or empty, or not a PNG or JPEG, is refused. */
const imageFile = z.unknown().transform((value, ctx): ImageUpload => {
  if (value === undefined || (Buffer.isBuffer(value) && value.length === 0)) {
    ctx.addIssue({ code: 'custom', message: 'must not be empty' });
    return z.NEVER;
  }
  const contentType = Buffer.isBuffer(value) ? imageContentType(value) : null;
  if (!contentType) {
    ctx.addIssue({ code: 'custom', message: IMAGE_TYPE_MESSAGE });
    return z.NEVER;
  }
  return { bytes: value as Buffer, contentType };
});

export const imageUploadBody = z.strictObject({ file: imageFile });

/** Route config for upload routes: room for one image, the JSON body limit stays as it is. */
export const imageUploadConfig = { multipartLimits: { fileSize: IMAGE_MAX_BYTES, files: 1 } };
