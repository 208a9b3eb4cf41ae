import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type BodyCheck, type BucketStore, createBucketStore } from './bucket-store';
import { escapeXml, S3Error } from './errors';
import { parseRange } from './range';
import { type S3Credentials, verifySigV4 } from './sigv4';

/** Where the stand-in answers: path-style, `{MOUNT}/{bucket}/{key}`. */
export const S3_SANDBOX_MOUNT = '/sandbox/s3';
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_XML_BYTES = 1024 * 1024;
const MAX_LISTED_UPLOADS = 1000;

export interface S3SandboxOptions {
  /** The folder the buckets live in (DATA_DIR/s3-sandbox). */
  dir: string;
  bucket: string;
  /** The key pair it accepts; random per process unless given. */
  credentials?: S3Credentials;
  log?: (error: unknown) => void;
}

export interface S3Sandbox {
  plugin: FastifyPluginAsync;
  bucket: string;
  credentials: S3Credentials;
  store: BucketStore;
  dir: string;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const tag = (name: string, value: string | number) => `<${name}>${escapeXml(String(value))}</${name}>`;

/** A small request body (CompleteMultipartUpload's XML), bounded and checked like any other. */
async function readSmallBody(raw: IncomingMessage, check: BodyCheck): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_XML_BYTES) throw new S3Error('MalformedXML');
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  if (check.contentLength !== null && body.length !== check.contentLength)
    throw new S3Error('IncompleteBody');
  if (check.sha256) {
    if (createHash('sha256').update(body).digest('hex') !== check.sha256) {
      throw new S3Error('XAmzContentSHA256Mismatch');
    }
  }
  return body.toString('utf8');
}

function parseCompleteParts(body: string): { partNumber: number; etag: string }[] {
  const parts = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, inner]) => {
    const partNumber = /<PartNumber>\s*(\d+)\s*<\/PartNumber>/.exec(inner ?? '')?.[1];
    const etag = /<ETag>\s*([^<]*?)\s*<\/ETag>/.exec(inner ?? '')?.[1];
    if (!partNumber || !etag) throw new S3Error('MalformedXML');
    return { partNumber: Number(partNumber), etag: etag.replace(/&quot;|&#34;/g, '"') };
  });
  if (!/<CompleteMultipartUpload[\s>]/.test(body)) throw new S3Error('MalformedXML');
  return parts;
}

/**
 * A stand-in for an S3-compatible object store, enough for the product's two storage adapters:
 * Put/Get (Range)/Head/DeleteObject and the multipart calls with ListMultipartUploads, S3's XML
 * errors, every request's AWS Signature V4 checked (and a signed payload's hash). Served by this
 * server under /sandbox/s3, objects on disk under `dir` (see bucket-store.ts).
 */
export function createS3Sandbox(options: S3SandboxOptions): S3Sandbox {
  const credentials = options.credentials ?? {
    accessKeyId: `SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  const store = createBucketStore(options.dir, [options.bucket]);

  async function handle(request: FastifyRequest, reply: FastifyReply, resource: string) {
    const auth = verifySigV4(
      { method: request.method, url: request.raw.url ?? '', headers: request.headers },
      credentials,
    );
    if (!auth.ok) throw new S3Error(auth.code);
    // aws-chunked bodies (the SDK's streaming checksums) are not spoken here; see the README.
    if (auth.payloadHash.startsWith('STREAMING-')) throw new S3Error('NotImplemented');
    const length = request.headers['content-length'];
    const check: BodyCheck = {
      sha256: /^[0-9a-f]{64}$/.test(auth.payloadHash) ? auth.payloadHash : null,
      contentLength: length === undefined ? null : Number(length),
    };
    const slash = resource.indexOf('/');
    const bucket = slash < 0 ? resource : resource.slice(0, slash);
    let key: string;
    try {
      key = slash < 0 ? '' : decodeURIComponent(resource.slice(slash + 1));
    } catch {
      throw new S3Error('InvalidArgument');
    }
    const query = request.query as Record<string, string | undefined>;
    const method = request.method;

    if (key === '') {
      if (method === 'GET' && query.uploads !== undefined) return listUploads(reply, bucket, query);
      throw new S3Error('MethodNotAllowed');
    }
    const uploadId = query.uploadId;
    if (method === 'PUT' && uploadId !== undefined) {
      const partNumber = Number(query.partNumber);
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
        throw new S3Error('InvalidArgument');
      const etag = await store.uploadPart(bucket, key, uploadId, partNumber, request.raw, check);
      return reply.header('etag', etag).send();
    }
    if (method === 'PUT') {
      const type = request.headers['content-type'] ?? 'binary/octet-stream';
      const info = await store.putObject(bucket, key, request.raw, type, check);
      return reply.header('etag', info.etag).send();
    }
    if (method === 'POST' && query.uploads !== undefined) {
      const id = await store.createUpload(
        bucket,
        key,
        request.headers['content-type'] ?? 'binary/octet-stream',
      );
      return sendXml(
        reply,
        `<InitiateMultipartUploadResult xmlns="${XMLNS}">${tag('Bucket', bucket)}${tag('Key', key)}${tag('UploadId', id)}</InitiateMultipartUploadResult>`,
      );
    }
    if (method === 'POST' && uploadId !== undefined) {
      const parts = parseCompleteParts(await readSmallBody(request.raw, check));
      const info = await store.completeUpload(bucket, key, uploadId, parts);
      return sendXml(
        reply,
        `<CompleteMultipartUploadResult xmlns="${XMLNS}">${tag('Location', `${S3_SANDBOX_MOUNT}/${resource}`)}${tag('Bucket', bucket)}${tag('Key', key)}${tag('ETag', info.etag)}</CompleteMultipartUploadResult>`,
      );
    }
    if (method === 'DELETE' && uploadId !== undefined) {
      await store.abortUpload(bucket, key, uploadId);
      return reply.code(204).send();
    }
    if (method === 'DELETE') {
      await store.deleteObject(bucket, key);
      return reply.code(204).send();
    }
    if (method === 'GET' || method === 'HEAD') {
      const info = await store.stat(bucket, key);
      if (!info) throw new S3Error('NoSuchKey', { Key: key });
      const range = method === 'GET' ? parseRange(request.headers.range, info.size) : null;
      if (range === 'unsatisfiable') {
        throw new S3Error('InvalidRange', {
          RangeRequested: request.headers.range ?? '',
          ActualObjectSize: info.size,
        });
      }
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', info.etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('content-type', info.contentType);
      if (method === 'HEAD') return reply.header('content-length', String(info.size)).send();
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      reply.header('content-length', String(range ? range.end - range.start + 1 : info.size));
      return reply.send(store.read(bucket, key, range ?? undefined));
    }
    throw new S3Error('MethodNotAllowed');
  }

  async function listUploads(reply: FastifyReply, bucket: string, query: Record<string, string | undefined>) {
    const prefix = query.prefix ?? '';
    const keyMarker = query['key-marker'] ?? '';
    const idMarker = query['upload-id-marker'] ?? '';
    const max = Math.min(
      Number(query['max-uploads'] ?? MAX_LISTED_UPLOADS) || MAX_LISTED_UPLOADS,
      MAX_LISTED_UPLOADS,
    );
    const after = (await store.listUploads(bucket, prefix)).filter(
      (u) =>
        !keyMarker || u.key > keyMarker || (u.key === keyMarker && idMarker !== '' && u.uploadId > idMarker),
    );
    const page = after.slice(0, max);
    const truncated = after.length > page.length;
    const last = page.at(-1);
    const uploads = page
      .map(
        (u) =>
          `<Upload>${tag('Key', u.key)}${tag('UploadId', u.uploadId)}${tag('Initiated', u.initiated.toISOString())}<StorageClass>STANDARD</StorageClass></Upload>`,
      )
      .join('');
    return sendXml(
      reply,
      `<ListMultipartUploadsResult xmlns="${XMLNS}">${tag('Bucket', bucket)}${tag('KeyMarker', keyMarker)}${tag('UploadIdMarker', idMarker)}` +
        `${tag('NextKeyMarker', truncated && last ? last.key : '')}${tag('NextUploadIdMarker', truncated && last ? last.uploadId : '')}` +
        `${tag('Prefix', prefix)}${tag('MaxUploads', max)}${tag('IsTruncated', String(truncated))}${uploads}</ListMultipartUploadsResult>`,
    );
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // Bodies are streamed to disk by the handlers: no parser reads them first.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    app.route({
      method: ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'],
      url: `${S3_SANDBOX_MOUNT}/*`,
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const raw = request.raw.url ?? '';
        const resource = raw.slice(S3_SANDBOX_MOUNT.length + 1).split('?')[0] ?? '';
        try {
          return await handle(request, reply, resource);
        } catch (caught) {
          let error = caught;
          if (!(error instanceof S3Error)) {
            options.log?.(error);
            error = new S3Error('InternalError');
          }
          const s3Error = error as S3Error;
          // An unread body is drained, so the connection stays usable for the next call.
          if (!request.raw.readableEnded) request.raw.resume();
          reply.code(s3Error.status);
          if (request.method === 'HEAD') return reply.send();
          return reply.type('application/xml').send(s3Error.xml(`/${resource}`));
        }
      },
    });
  };

  return { plugin, bucket: options.bucket, credentials, store, dir: options.dir };
}

function sendXml(reply: FastifyReply, body: string) {
  return reply.type('application/xml').send(xml(body));
}
