// A public file's link (spec section 2, /public-files/{fileKey}?s=secret): whether it can name a
// file at all. Apart from public-files.ts: every first visit carries it (decision 040).

/** Spec section 9: 43 random alphanumerics plus '='. */
export const UPLOAD_SECRET_PATTERN = /^[A-Za-z0-9]{43}=$/;
/** Whether a link's key and secret can be a file at all; anything else is a mangled URL. */
export function isWellFormedPublicFileLink(fileKey: string | undefined, secret: string | null): boolean {
  return !!fileKey && /^[A-Za-z0-9_-]{22}$/.test(fileKey) && !!secret && UPLOAD_SECRET_PATTERN.test(secret);
}
