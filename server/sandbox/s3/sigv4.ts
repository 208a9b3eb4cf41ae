import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The one key pair the stand-in accepts (as an S3 account's access key). */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type SigV4Check =
  | { ok: true; payloadHash: string }
  | {
      ok: false;
      code: 'AccessDenied' | 'InvalidAccessKeyId' | 'SignatureDoesNotMatch' | 'RequestTimeTooSkewed';
    };

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;
const AMZ_DATE = /^(\d{8})T(\d{6})Z$/;
// S3 refuses requests signed more than 15 minutes away from its clock.
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function canonicalQuery(query: string): string {
  if (!query) return '';
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      const [name, value] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
      return [strictEncode(decode(name)), strictEncode(decode(value))] as const;
    });
  pairs.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return (Array.isArray(value) ? value.join(',') : value).trim().replace(/\s+/g, ' ');
}

/**
 * Recomputes an AWS Signature Version 4 (header form, as the SDK signs S3 calls) and compares it
 * with the one sent. The path is signed as sent (S3 neither normalises nor double-encodes it); the
 * payload hash is the x-amz-content-sha256 header, which the caller checks against the body.
 */
export function verifySigV4(
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  credentials: S3Credentials,
  now: number = Date.now(),
): SigV4Check {
  const match = AUTHORIZATION.exec(headerValue(request.headers, 'authorization') ?? '');
  if (!match) return { ok: false, code: 'AccessDenied' };
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId) return { ok: false, code: 'InvalidAccessKeyId' };
  const amzDate = headerValue(request.headers, 'x-amz-date') ?? '';
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  const date = AMZ_DATE.exec(amzDate);
  if (!date || date[1] !== day || !payloadHash) return { ok: false, code: 'AccessDenied' };
  const d = amzDate;
  const signedAt = Date.UTC(
    +d.slice(0, 4),
    +d.slice(4, 6) - 1,
    +d.slice(6, 8),
    +d.slice(9, 11),
    +d.slice(11, 13),
    +d.slice(13, 15),
  );
  if (Math.abs(now - signedAt) > MAX_SKEW_MS) return { ok: false, code: 'RequestTimeTooSkewed' };
  const signedHeaders = (signedHeaderList as string).split(';');
  if (!signedHeaders.includes('host')) return { ok: false, code: 'AccessDenied' };
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${headerValue(request.headers, name) ?? ''}\n`)
    .join('');
  const q = request.url.indexOf('?');
  const path = q < 0 ? request.url : request.url.slice(0, q);
  const query = q < 0 ? '' : request.url.slice(q + 1);
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, day as string);
  for (const part of [region as string, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const given = Buffer.from(signature as string, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, code: 'SignatureDoesNotMatch' };
  }
  return { ok: true, payloadHash };
}
