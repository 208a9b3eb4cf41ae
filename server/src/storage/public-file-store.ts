import { type Readable, Transform } from 'node:stream';

/** A byte range of a stored object, both ends inclusive (as in HTTP's Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a finished write stored. */
export interface StoredObject {
  key: string;
  size: number;
}

/** The source went over the limit given to `write`; nothing was kept. */
export class ObjectTooLargeError extends Error {}

/** For a store's `write`: counts the bytes going through and fails the stream once they pass the limit. */
export function byteLimit(maxBytes: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > maxBytes) done(new ObjectTooLargeError(`over ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
}

/**
 * Where public files' bytes live: large objects, streamed in and out with constant memory. Fits
 * both a local folder (the default) and an S3-compatible bucket (s3-public-file-store.ts): `write` is
 * a multipart upload that only becomes visible when completed, `read` with a range is GetObject with
 * Range, `delete` is DeleteObject. Keys are made by the store from random bytes, never from input.
 */
export interface PublicFileStore {
  /**
   * Streams `source` into a new object and resolves once it is durable and visible under the new
   * key. Over `maxBytes`, or when the source fails (an aborted upload), it rejects and leaves
   * nothing behind.
   */
  write(source: Readable, maxBytes: number): Promise<StoredObject>;
  /** The object's bytes (or a range of them), or null when the key is unknown or malformed. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the object; an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes leftovers of writes that never finished (a crashed process) older than `olderThanMs`. */
  sweepUnfinished(olderThanMs: number): Promise<number>;
}
