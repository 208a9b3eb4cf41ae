import { randomBytes } from 'node:crypto';

// The content types we store, each with the extension its keys end in (browsers and people like a
// hint in the URL; the server always sends the stored type, never a guess from the name).
const extensions: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const contentTypes: Record<string, string> = Object.fromEntries(
  Object.entries(extensions).map(([type, ext]) => [ext, type]),
);

// 32 random bytes in base64url (43 characters) and a known extension: nothing else is a key, so
// a key can never hold '/', '..' or anything else a path could be built from.
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}\.([a-z]{2,4})$/;

export class UnsupportedContentTypeError extends Error {}

/** A fresh random key for a file of this type. */
export function newStorageKey(contentType: string): string {
  const ext = extensions[contentType];
  if (!ext) throw new UnsupportedContentTypeError(`Cannot store ${contentType}`);
  return `${randomBytes(32).toString('base64url')}.${ext}`;
}

/** The content type a well-formed key stands for, or null when the key is not one of ours. */
export function contentTypeOfKey(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  return (match && contentTypes[match[1] as string]) ?? null;
}
