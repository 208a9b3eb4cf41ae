/** A stored file as it comes back: the bytes and the content type it was stored with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live (avatars and team logos). Keys are made by the storage itself from random
 * bytes, never from user input, so they are unguessable and cannot name a path outside it.
 */
export interface FileStorage {
  /** Stores the bytes; returns the new key. */
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The file, or null for an unknown or malformed key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}
