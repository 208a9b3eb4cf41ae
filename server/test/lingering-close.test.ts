import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../src/app';
import { IMAGE_MAX_BYTES } from '../src/avatars/image-upload';
import { registerLingeringClose } from '../src/http/lingering-close';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { setupTestApp, signIn, TEST_MAX_PUBLIC_FILE_BYTES } from './helper';
import { demoMember, multipartFile, refOf } from './team-fixtures';

// An upload over its limit, over a real socket: the client sends the whole body and reads the 413
// with the spec's body (the console shows 'File is too large'), instead of a connection reset
// (EPIPE or ECONNRESET) in the middle of sending it.

const t = setupTestApp();

interface Sent {
  status?: number;
  body?: string;
  /** Bytes written when the request finished (all of them), or when it failed. */
  written: number;
  error?: string;
}

/** Sends `body` in 64 KiB writes, as fast as the socket takes them, and waits for the answer. */
function send(base: string, path: string, headers: Record<string, string>, body: Buffer): Promise<Sent> {
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-length': String(body.length) },
    });
    const result: Sent = { written: 0 };
    let waiting = 2;
    const done = () => {
      waiting -= 1;
      if (waiting === 0) resolve(result);
    };
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        result.status = response.statusCode;
        result.body = text;
        done();
      });
    });
    request.on('finish', done);
    request.on('error', (error: NodeJS.ErrnoException) => {
      result.error = error.code ?? error.message;
      resolve(result);
    });
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        result.written = offset;
        if (!request.write(chunk)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

const tooLarge = (field: string) =>
  JSON.stringify({
    errorCode: 10,
    errorMessage: 'Validation error',
    errorData: [{ field, message: 'is too large' }],
  });

describe('an answer before the whole body', { timeout: 120_000 }, () => {
  it('a JSON body over 1 MiB: the whole body goes, the 413 comes back', async () => {
    const body = Buffer.from(JSON.stringify({ email: 'a'.repeat(4 * BODY_LIMIT_BYTES) }));
    const sent = await send(
      t.baseUrl,
      '/api/v1/auth/web/oauth-providers',
      { 'content-type': 'application/json' },
      body,
    );
    expect(sent).toEqual({ status: 413, body: tooLarge('body'), written: body.length });
  });

  it("an avatar over its limit: the 413 on field 'file'", async () => {
    const { accessToken } = await signIn(t, demoAccounts.mia.email);
    const member = await demoMember(t, demoAccounts.mia.email, demoTeams.acme.name);
    const { payload, headers } = multipartFile(randomBytes(IMAGE_MAX_BYTES * 4));
    const sent = await send(
      t.baseUrl,
      `/api/v1/collab/${refOf(member)}/users/me/avatar`,
      { ...headers, authorization: `Bearer ${accessToken}` },
      payload,
    );
    expect(sent).toEqual({ status: 413, body: tooLarge('file'), written: payload.length });
  });

  it("a public file over MAX_PUBLIC_FILE_BYTES: the 413 on field 'file'", async () => {
    const { accessToken } = await signIn(t, demoAccounts.staff.email);
    const secret = `${'s'.repeat(43)}=`;
    const { payload, headers } = multipartFile(Buffer.alloc(TEST_MAX_PUBLIC_FILE_BYTES + 8 * 1024 * 1024), {
      filename: 'big.bin',
      contentType: 'application/octet-stream',
    });
    const sent = await send(
      t.baseUrl,
      `/api/v1/files?s=${encodeURIComponent(secret)}`,
      { ...headers, authorization: `Bearer ${accessToken}` },
      payload,
    );
    expect(sent).toEqual({ status: 413, body: tooLarge('file'), written: payload.length });
  });

  it('an upload refused before its body is read (no token): the 401 comes back too (Node reads on)', async () => {
    const { payload, headers } = multipartFile(randomBytes(IMAGE_MAX_BYTES));
    const sent = await send(t.baseUrl, '/api/v1/collab/1-1/users/me/avatar', headers, payload);
    expect(sent.status).toBe(401);
    expect(sent.error).toBeUndefined();
    expect(sent.written).toBe(payload.length);
  });

  it('stops reading at its bounds (bytes, time): then the answer goes and the connection is cut', async () => {
    const app = Fastify({ bodyLimit: 1024 });
    registerLingeringClose(app, { maxBytes: 64 * 1024, maxMs: 1000 });
    app.post('/', async () => ({ ok: true }));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const json = { 'content-type': 'application/json' };
      // Within the bound: read to the end, answered.
      const small = await send(base, '/', json, Buffer.alloc(32 * 1024, 32));
      expect(small).toMatchObject({ status: 413, written: 32 * 1024 });
      expect(small.error).toBeUndefined();
      // Far past it: the server stops reading, so the client cannot send it all.
      const huge = await send(base, '/', json, Buffer.alloc(64 * 1024 * 1024, 32));
      expect(huge.error).toMatch(/^(EPIPE|ECONNRESET)$/);
      // A sender that stalls: answered once the time bound passes, without the rest.
      const stalled = await new Promise<number | undefined>((resolve, reject) => {
        const request = http.request(new URL('/', base), {
          method: 'POST',
          agent: false,
          headers: { ...json, 'content-length': String(1024 * 1024) },
        });
        request.on('response', (response) => resolve(response.statusCode));
        request.on('error', reject);
        request.write(Buffer.alloc(4096, 32));
      });
      expect(stalled).toBe(413);
      // An injected request (no socket) is answered at once, never waited on.
      const injected = await app.inject({
        method: 'POST',
        url: '/',
        payload: Buffer.alloc(4096, 32),
        headers: json,
      });
      expect(injected.statusCode).toBe(413);
    } finally {
      await app.close();
    }
  });
});
