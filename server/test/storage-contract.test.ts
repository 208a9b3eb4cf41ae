// No Postgres database: file storage on a folder and on the S3 stand-in.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { SignatureV4 } from '@smithy/signature-v4';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Sandbox, S3_SANDBOX_MOUNT, type S3Sandbox } from '../sandbox/s3/s3-sandbox';
import type { FileStorage } from '../src/storage/file-storage';
import { createLocalFileStorage } from '../src/storage/local-file-storage';
import { createLocalPublicFileStore } from '../src/storage/local-public-file-store';
import { ObjectTooLargeError, type PublicFileStore } from '../src/storage/public-file-store';
import { createS3Bucket, type S3Bucket } from '../src/storage/s3-client';
import { AVATARS_PREFIX, createS3FileStorage } from '../src/storage/s3-file-storage';
import { createS3PublicFileStore, PUBLIC_FILES_PREFIX } from '../src/storage/s3-public-file-store';

const MiB = 1024 * 1024;
// S3's smallest part: files over it go as multipart uploads, so these tests cross part boundaries.
const PART = 5 * MiB;

/** One storage back end, as the contract sees it. */
interface Backend {
  files: FileStorage;
  publicFiles: PublicFileStore;
  /** What is in the public files' folder: objects, and unfinished writes (names ending in .part). */
  entries(): Promise<string[]>;
  /** Leaves a write unfinished, as a process killed mid-upload does. */
  leaveUnfinished(): Promise<void>;
}

let root = '';
let server: FastifyInstance;
let sandbox: S3Sandbox;
let s3: S3Bucket;
let baseUrl = '';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'spark-storage-contract-'));
  sandbox = createS3Sandbox({ dir: path.join(root, 's3'), bucket: 'spark-test' });
  server = Fastify();
  await server.register(sandbox.plugin);
  baseUrl = await server.listen({ port: 0, host: '127.0.0.1' });
  s3 = createS3Bucket({
    bucket: 'spark-test',
    region: 'us-east-1',
    ...sandbox.credentials,
    endpoint: `${baseUrl}${S3_SANDBOX_MOUNT}`,
    forcePathStyle: true,
  });
});
afterAll(async () => {
  s3?.client.destroy();
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

const localBackend = (): Backend => {
  const dir = path.join(root, 'local', 'public-files');
  return {
    files: createLocalFileStorage(path.join(root, 'local', 'storage')),
    publicFiles: createLocalPublicFileStore(dir),
    entries: async () => (await readdir(dir).catch(() => [] as string[])).sort(),
    async leaveUnfinished() {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `.${randomBytes(32).toString('base64url')}.part`), 'half');
    },
  };
};

const s3Backend = (): Backend => ({
  files: createS3FileStorage(s3),
  publicFiles: createS3PublicFileStore(s3, { partBytes: PART }),
  // The stand-in keeps an upload in progress as a `.{id}.part` folder beside its object-to-be.
  entries: async () =>
    (await readdir(path.join(sandbox.dir, 'spark-test', 'public-files')).catch(() => [] as string[])).sort(),
  async leaveUnfinished() {
    const Key = `${PUBLIC_FILES_PREFIX}${randomBytes(32).toString('base64url')}`;
    const { UploadId } = await s3.client.send(
      new CreateMultipartUploadCommand({ Bucket: 'spark-test', Key }),
    );
    await s3.client.send(
      new UploadPartCommand({ Bucket: 'spark-test', Key, UploadId, PartNumber: 1, Body: Buffer.alloc(10) }),
    );
  },
});

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `size` bytes of noise in 1 MiB chunks, as a request body arrives. */
function noise(size: number): { source: () => Readable; bytes: Buffer } {
  const bytes = randomBytes(size);
  const chunks: Buffer[] = [];
  for (let at = 0; at < size; at += MiB) chunks.push(bytes.subarray(at, Math.min(size, at + MiB)));
  return { bytes, source: () => Readable.from(chunks) };
}

const sha = (data: Buffer | null) => (data ? createHash('sha256').update(data).digest('hex') : null);

describe.each([
  ['local disk', localBackend],
  ['S3 (the stand-in)', s3Backend],
])('storage contract: %s', (_name, makeBackend) => {
  let backend: Backend;
  beforeAll(() => {
    backend = makeBackend();
  });

  it('writes a small stream under a random key and reads it whole or by range', async () => {
    const before = await backend.entries();
    const stored = await backend.publicFiles.write(
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      100,
    );
    expect(stored).toEqual({ key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), size: 11 });
    expect(await backend.entries()).toEqual([...before, stored.key].sort());
    expect((await bytesOf(await backend.publicFiles.read(stored.key)))?.toString()).toBe('hello world');
    expect(
      (await bytesOf(await backend.publicFiles.read(stored.key, { start: 6, end: 10 })))?.toString(),
    ).toBe('world');
    await backend.publicFiles.delete(stored.key);
    expect(await backend.publicFiles.read(stored.key)).toBeNull();
    expect(await backend.entries()).toEqual(before);
  });

  it('writes a file of several parts and reads ranges across a part boundary', async () => {
    const { bytes, source } = noise(2 * PART + 123);
    const stored = await backend.publicFiles.write(source(), 3 * PART);
    expect(stored.size).toBe(bytes.length);
    expect(sha(await bytesOf(await backend.publicFiles.read(stored.key)))).toBe(sha(bytes));
    const range = { start: PART - 10, end: PART + 9 };
    expect(await bytesOf(await backend.publicFiles.read(stored.key, range))).toEqual(
      bytes.subarray(range.start, range.end + 1),
    );
    await backend.publicFiles.delete(stored.key);
  });

  it('an empty file is an object of 0 bytes', async () => {
    const stored = await backend.publicFiles.write(Readable.from([]), 100);
    expect(stored.size).toBe(0);
    expect((await bytesOf(await backend.publicFiles.read(stored.key)))?.length).toBe(0);
    await backend.publicFiles.delete(stored.key);
  });

  it('refuses a source over the limit after parts were sent and keeps nothing', async () => {
    const before = await backend.entries();
    const { source } = noise(2 * PART + MiB);
    await expect(backend.publicFiles.write(source(), 2 * PART)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await backend.entries()).toEqual(before);
  });

  it('keeps nothing when the source fails half-way (the client went away)', async () => {
    const before = await backend.entries();
    let sent = 0;
    const failing = new Readable({
      read() {
        if (sent >= PART + MiB) {
          this.destroy(new Error('client went away'));
          return;
        }
        sent += MiB;
        this.push(randomBytes(MiB));
      },
    });
    await expect(backend.publicFiles.write(failing, 10 * PART)).rejects.toThrow('client went away');
    expect(await backend.entries()).toEqual(before);
  });

  it('answers null for unknown and malformed keys and ignores deleting them', async () => {
    for (const key of ['../secret.txt', '.hidden.part', '', 'a'.repeat(42), 'A'.repeat(43)]) {
      expect(await backend.publicFiles.read(key)).toBeNull();
      await backend.publicFiles.delete(key);
    }
  });

  it('sweeps only unfinished writes older than the given age', async () => {
    const kept = await backend.publicFiles.write(Readable.from([Buffer.from('kept')]), 100);
    await backend.leaveUnfinished();
    expect((await backend.entries()).filter((n) => n.endsWith('.part'))).toHaveLength(1);
    expect(await backend.publicFiles.sweepUnfinished(60 * 60 * 1000)).toBe(0);
    await sleep(20);
    expect(await backend.publicFiles.sweepUnfinished(10)).toBe(1);
    expect(await backend.entries()).toEqual([kept.key]);
    await backend.publicFiles.delete(kept.key);
  });

  it('stores avatars: put, get with the stored type, delete (twice), unknown and malformed keys', async () => {
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), randomBytes(100)]);
    const key = await backend.files.put(png, 'image/png');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}\.png$/);
    expect(await backend.files.get(key)).toEqual({ bytes: png, contentType: 'image/png' });
    await backend.files.delete(key);
    await backend.files.delete(key);
    expect(await backend.files.get(key)).toBeNull();
    expect(await backend.files.get('../x.png')).toBeNull();
    expect(await backend.files.get(`${'B'.repeat(43)}.jpg`)).toBeNull();
  });
});

describe('the S3 stand-in', () => {
  const Bucket = 'spark-test';

  it('refuses a request signed with the wrong secret or an unknown key id', async () => {
    const wrongSecret = createS3Bucket({
      bucket: Bucket,
      region: 'us-east-1',
      accessKeyId: sandbox.credentials.accessKeyId,
      secretAccessKey: `${sandbox.credentials.secretAccessKey}x`,
      endpoint: `${baseUrl}${S3_SANDBOX_MOUNT}`,
      forcePathStyle: true,
    });
    const put = new PutObjectCommand({ Bucket, Key: 'x', Body: 'x' });
    await expect(wrongSecret.client.send(put)).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
      $metadata: { httpStatusCode: 403 },
    });
    const wrongId = createS3Bucket({
      bucket: Bucket,
      region: 'us-east-1',
      accessKeyId: 'AKIAUNKNOWN',
      secretAccessKey: sandbox.credentials.secretAccessKey,
      endpoint: `${baseUrl}${S3_SANDBOX_MOUNT}`,
      forcePathStyle: true,
    });
    await expect(wrongId.client.send(put)).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    wrongSecret.client.destroy();
    wrongId.client.destroy();
    expect(await readdir(path.join(sandbox.dir, Bucket)).catch(() => [])).not.toContain('x');
  });

  it('answers an unsigned request with S3 XML error AccessDenied', async () => {
    const response = await fetch(`${baseUrl}${S3_SANDBOX_MOUNT}/${Bucket}/anything`);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('answers NoSuchKey, InvalidRange, NoSuchUpload and NoSuchBucket as S3 does', async () => {
    await expect(s3.client.send(new GetObjectCommand({ Bucket, Key: 'missing' }))).rejects.toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
    await s3.client.send(new PutObjectCommand({ Bucket, Key: 'ten', Body: '0123456789' }));
    await expect(
      s3.client.send(new GetObjectCommand({ Bucket, Key: 'ten', Range: 'bytes=10-' })),
    ).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
    const tail = await s3.client.send(new GetObjectCommand({ Bucket, Key: 'ten', Range: 'bytes=-3' }));
    expect(tail.ContentRange).toBe('bytes 7-9/10');
    expect(await tail.Body?.transformToString()).toBe('789');
    await expect(
      s3.client.send(
        new UploadPartCommand({ Bucket, Key: 'ten', UploadId: 'nope', PartNumber: 1, Body: 'x' }),
      ),
    ).rejects.toMatchObject({ name: 'NoSuchUpload', $metadata: { httpStatusCode: 404 } });
    await expect(s3.client.send(new GetObjectCommand({ Bucket: 'other', Key: 'ten' }))).rejects.toMatchObject(
      {
        name: 'NoSuchBucket',
      },
    );
  });

  it('lists uploads in progress under a prefix, and a failed write leaves none', async () => {
    const list = () =>
      s3.client
        .send(new ListMultipartUploadsCommand({ Bucket, Prefix: PUBLIC_FILES_PREFIX }))
        .then((r) => r.Uploads ?? []);
    expect(await list()).toEqual([]);
    const store = createS3PublicFileStore(s3, { partBytes: PART });
    await expect(store.write(noise(2 * PART + 1).source(), 2 * PART)).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await list()).toEqual([]);
    const Key = `${AVATARS_PREFIX}elsewhere`;
    await s3.client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    expect(await list()).toEqual([]);
    expect(
      (
        await s3.client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: AVATARS_PREFIX }))
      ).Uploads?.map((u) => u.Key),
    ).toEqual([Key]);
  });
});

/** SHA-256 for @smithy/signature-v4, from node:crypto (an HMAC when given a key). */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

describe('the S3 stand-in and a signature made by the SDK signer itself', () => {
  /** A PUT signed (by @smithy/signature-v4) for `signedBody`, sending `sentBody`. */
  async function signedPut(key: string, signedBody: string, sentBody: string) {
    const url = new URL(`${baseUrl}${S3_SANDBOX_MOUNT}/spark-test/${key}`);
    const signer = new SignatureV4({
      credentials: sandbox.credentials,
      region: 'eu-west-1',
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    });
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'x-amz-content-sha256': createHash('sha256').update(signedBody).digest('hex'),
      },
      body: signedBody,
    });
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(url, { method: 'PUT', headers: signed.headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end(sentBody);
    });
  }

  it('takes the signed body, and refuses (keeping nothing) a body that is not the one signed', async () => {
    expect(await signedPut('signed-ok', 'the signed body', 'the signed body')).toMatchObject({ status: 200 });
    const ok = await s3.client.send(new GetObjectCommand({ Bucket: 'spark-test', Key: 'signed-ok' }));
    expect(await ok.Body?.transformToString()).toBe('the signed body');
    const tampered = await signedPut('signed-not', 'the signed body', 'another body!!');
    expect(tampered.status).toBe(400);
    expect(tampered.body).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    await expect(
      s3.client.send(new GetObjectCommand({ Bucket: 'spark-test', Key: 'signed-not' })),
    ).rejects.toMatchObject({ name: 'NoSuchKey' });
  });
});
