import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KEY_MISSES_PER_WINDOW } from '../src/http/rate-limit';
import { cleanupPublicFiles } from '../src/public-files/cleanup';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, setupTestApp, signIn, TEST_MAX_PUBLIC_FILE_BYTES, withBearer } from './helper';
import { TINY_PNG } from './team-fixtures';

const t = setupTestApp();

interface PublicFileBody {
  key: string;
  name: string;
  size: number;
  mimeType: string;
  href: string;
  previewHref: string | null;
  expiresAt: number;
  meta: { from: string };
  isPublic: boolean;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A link secret as the console makes it: 43 alphanumerics and '='. */
function newSecret(): string {
  return `${Array.from(randomBytes(43), (b) => ALNUM[b % 62]).join('')}=`;
}

type Part = { name: string; value: string } | { name: string; bytes: Buffer; filename: string; type: string };

/** A multipart/form-data body of several parts, as a browser builds one. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spark${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        'bytes' in part
          ? `--${boundary}\r\n${disposition}; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`
          : `--${boundary}\r\n${disposition}\r\n\r\n`,
      ),
      'bytes' in part ? part.bytes : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const staffToken = async () => (await signIn(t, demoAccounts.staff.email)).accessToken;

async function upload(parts: Part[], secret = newSecret(), token?: string) {
  const { payload, headers } = multipart(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/files?s=${encodeURIComponent(secret)}`,
    headers: { ...withBearer(token ?? (await staffToken())), ...headers },
    payload,
  });
  return { response, secret };
}

const filePart = (bytes: Buffer, filename = 'report.pdf', type = 'application/pdf'): Part => ({
  name: 'file',
  bytes,
  filename,
  type,
});
const infoPart = (info: object): Part => ({ name: 'info', value: JSON.stringify(info) });

async function uploaded(bytes = Buffer.from('hello, public file'), info: object = { meta: { from: 'Sid' } }) {
  const { response, secret } = await upload([infoPart(info), filePart(bytes)]);
  expect(response.statusCode, response.body).toBe(200);
  return { file: response.json<PublicFileBody>(), secret };
}

const storedNames = async () => (await readdir(t.publicFiles.dir).catch(() => [] as string[])).sort();
const rowCount = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM public_files'))[0]?.n ?? 0;

describe('upload', () => {
  it('stores the file, answers the Public file, and keeps only the secret hash', async () => {
    const { file, secret } = await uploaded(Buffer.from('%PDF-1.7 tiny'), {
      name: 'Q3 report.pdf',
      meta: { from: 'Sid Staff <staff@spark.test>' },
    });
    expect(file).toMatchObject({
      name: 'Q3 report.pdf',
      size: 13,
      mimeType: 'application/pdf',
      meta: { from: 'Sid Staff <staff@spark.test>' },
      isPublic: true,
      previewHref: null,
    });
    expect(file.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(file.href).toBe(`/api/v1/public-files/${file.key}/download?s=${encodeURIComponent(secret)}`);
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(file.expiresAt).toBeGreaterThan(nowSeconds + 7 * 86_400 - 5);
    expect(file.expiresAt).toBeLessThanOrEqual(nowSeconds + 7 * 86_400);
    const [row] = await t.db.query<{ secret_hash: Uint8Array }>(
      'SELECT secret_hash FROM public_files WHERE key = $1',
      [file.key],
    );
    expect(Buffer.from(row?.secret_hash ?? []).toString('hex')).toHaveLength(64);
    const dump = JSON.stringify(await t.db.query('SELECT * FROM public_files WHERE key = $1', [file.key]));
    expect(dump).not.toContain(secret.slice(0, 20));
  });

  it('takes the name and type from the file part when info names none, and the uploader as sender', async () => {
    const { file } = await uploaded(Buffer.from('x,y\n1,2\n'), {});
    expect(file).toMatchObject({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      meta: { from: 'Sid Staff' },
    });
  });

  it('refuses without a token (401 1200) and for non-staff (403 1700), before storing anything', async () => {
    const before = await storedNames();
    const { payload, headers } = multipart([filePart(Buffer.from('x'))]);
    const url = `/api/v1/files?s=${newSecret()}`;
    expect(errorOf(await t.app.inject({ method: 'POST', url, headers, payload }))).toMatchObject({
      status: 401,
      code: 1200,
    });
    const olivia = (await signIn(t, demoAccounts.olivia.email)).accessToken;
    expect(
      errorOf(
        await t.app.inject({ method: 'POST', url, headers: { ...headers, ...withBearer(olivia) }, payload }),
      ),
    ).toMatchObject({ status: 403, code: 1700 });
    expect(await storedNames()).toEqual(before);
  });

  it('refuses a missing file, an empty file, and a malformed secret with code 10, leaving nothing', async () => {
    const rows = await rowCount();
    const before = await storedNames();
    const missing = await upload([infoPart({ name: 'a.txt' })]);
    expect(errorOf(missing.response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'file', message: 'must not be empty' }],
    });
    const empty = await upload([infoPart({}), filePart(Buffer.alloc(0))]);
    expect(errorOf(empty.response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'file', message: 'must not be empty' }],
    });
    for (const bad of ['short=', `${'a'.repeat(43)}`, `${'a'.repeat(42)}-=`, `${'a'.repeat(44)}=`]) {
      const { response } = await upload([filePart(Buffer.from('x'))], bad);
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10, data: [{ field: 's' }] });
    }
    expect(await rowCount()).toBe(rows);
    expect(await storedNames()).toEqual(before);
  });

  it('refuses bad info fields and a preview that is not an image, removing the stored bytes', async () => {
    const before = await storedNames();
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    const cases: [object, string, string][] = [
      [{ expiresAt: nowSeconds - 1 }, 'info.expiresAt', 'must be in the future'],
      [{ expiresAt: nowSeconds + 31 * 86_400 }, 'info.expiresAt', 'is too far away'],
      [{ name: 'a/b.txt' }, 'info.name', 'is invalid'],
      [{ mimeType: 'text/html\r\nx: y' }, 'info.mimeType', 'is invalid'],
      [{ colour: 'red' }, 'info.colour', 'is not allowed'],
    ];
    for (const [info, field, message] of cases) {
      const { response } = await upload([infoPart(info), filePart(Buffer.from('data'))]);
      expect(errorOf(response), JSON.stringify(info)).toEqual({
        status: 400,
        code: 10,
        data: [{ field, message }],
      });
    }
    const { response } = await upload([
      filePart(Buffer.from('data')),
      { name: 'preview', bytes: Buffer.from('not an image'), filename: 'p.png', type: 'image/png' },
    ]);
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'preview', message: 'PNG, JPG only' }],
    });
    expect(await storedNames()).toEqual(before);
  });

  it('refuses a file over MAX_PUBLIC_FILE_BYTES with 413, keeping nothing', async () => {
    const before = await storedNames();
    const { response } = await upload([filePart(Buffer.alloc(TEST_MAX_PUBLIC_FILE_BYTES + 1, 1))]);
    expect(errorOf(response)).toEqual({
      status: 413,
      code: 10,
      data: [{ field: 'file', message: 'is too large' }],
    });
    expect(await storedNames()).toEqual(before);
  });
});

describe('reading a link', () => {
  it('answers the Public file with no auth; a wrong secret or unknown key is 404 2200; a bad format is 10', async () => {
    const { file, secret } = await uploaded();
    const ok = await t.app.inject({
      url: `/api/v1/public-files/${file.key}?s=${encodeURIComponent(secret)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(file);

    const wrong = await t.app.inject({ url: `/api/v1/public-files/${file.key}?s=${newSecret()}` });
    expect(errorOf(wrong)).toEqual({ status: 404, code: 2200, data: null });
    const unknown = await t.app.inject({ url: `/api/v1/public-files/${'A'.repeat(22)}?s=${newSecret()}` });
    expect(errorOf(unknown)).toEqual({ status: 404, code: 2200, data: null });
    for (const url of [
      `/api/v1/public-files/${file.key}`,
      `/api/v1/public-files/${file.key}?s=abc`,
      `/api/v1/public-files/not-a-key?s=${encodeURIComponent(secret)}`,
    ]) {
      expect(errorOf(await t.app.inject({ url })), url).toMatchObject({ status: 400, code: 10 });
    }
    const wrongDownload = await t.app.inject({
      url: `/api/v1/public-files/${file.key}/download?s=${newSecret()}`,
    });
    expect(errorOf(wrongDownload).code).toBe(2200);
  });

  it('says expired (410 2210) once the time is up, and the cleanup removes the bytes but keeps the answer', async () => {
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    const { file, secret } = await uploaded(Buffer.from('short-lived'), { expiresAt: nowSeconds + 3600 });
    const url = `/api/v1/public-files/${file.key}?s=${encodeURIComponent(secret)}`;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    const storedBefore = (await storedNames()).length;
    t.clock.advance(3601 * 1000);
    try {
      expect(errorOf(await t.app.inject({ url }))).toEqual({ status: 410, code: 2210, data: null });
      expect(errorOf(await t.app.inject({ url: file.href })).code).toBe(2210);
      // A wrong secret still learns nothing about the file.
      expect(
        errorOf(await t.app.inject({ url: `/api/v1/public-files/${file.key}?s=${newSecret()}` })).code,
      ).toBe(2200);
      const result = await cleanupPublicFiles(t.repos, t.publicFiles, t.clock.now());
      expect(result.purged).toBeGreaterThanOrEqual(1);
      expect((await storedNames()).length).toBeLessThan(storedBefore);
      expect(errorOf(await t.app.inject({ url })).code).toBe(2210);
      // A second run finds nothing more to do for it.
      expect((await cleanupPublicFiles(t.repos, t.publicFiles, t.clock.now())).purged).toBe(0);
    } finally {
      t.clock.advance(-3601 * 1000);
    }
  });

  it('says deleted (410 2211) after the staff DELETE, which removes the bytes at once', async () => {
    const { file, secret } = await uploaded(Buffer.from('soon gone'));
    const before = (await storedNames()).length;
    const olivia = (await signIn(t, demoAccounts.olivia.email)).accessToken;
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/public-files/${file.key}`,
      headers: withBearer(olivia),
    });
    expect(errorOf(refused)).toMatchObject({ status: 403, code: 1700 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/public-files/${file.key}`,
      headers: withBearer(await staffToken()),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await storedNames()).length).toBe(before - 1);
    const url = `/api/v1/public-files/${file.key}?s=${encodeURIComponent(secret)}`;
    expect(errorOf(await t.app.inject({ url }))).toEqual({ status: 410, code: 2211, data: null });
    expect(errorOf(await t.app.inject({ url: file.href })).code).toBe(2211);
  });
});

describe('download', () => {
  it('sends the bytes as an attachment with type, length, nosniff and ranges', async () => {
    const bytes = randomBytes(1000);
    const { response } = await upload([
      infoPart({ name: 'Résumé "final".bin', mimeType: 'application/x-thing' }),
      filePart(bytes, 'x.bin', 'application/octet-stream'),
    ]);
    const file = response.json<PublicFileBody>();
    const whole = await t.app.inject({ url: file.href });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/x-thing',
      'content-length': '1000',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="R_sum_ _final_.bin"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.bin`,
    });

    const first = await t.app.inject({ url: file.href, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe('bytes 0-99/1000');
    expect(first.headers['content-length']).toBe('100');
    expect(first.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const suffix = await t.app.inject({ url: file.href, headers: { range: 'bytes=-10' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
    expect(suffix.rawPayload.equals(bytes.subarray(990))).toBe(true);

    const open = await t.app.inject({ url: file.href, headers: { range: 'bytes=500-' } });
    expect(open.headers['content-range']).toBe('bytes 500-999/1000');
    expect(open.rawPayload.equals(bytes.subarray(500))).toBe(true);

    const past = await t.app.inject({ url: file.href, headers: { range: 'bytes=1000-1100' } });
    expect(errorOf(past)).toEqual({
      status: 416,
      code: 10,
      data: [{ field: 'range', message: 'is not satisfiable' }],
    });
    expect(past.headers['content-range']).toBe('bytes */1000');

    // Several ranges are not served as parts: the whole file, as RFC 9110 allows.
    const several = await t.app.inject({ url: file.href, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(1000);
  });

  it('serves the preview image; a file without one has none', async () => {
    const { response } = await upload([
      filePart(Buffer.from('file')),
      { name: 'preview', bytes: TINY_PNG, filename: 'shot.png', type: 'application/octet-stream' },
    ]);
    const file = response.json<PublicFileBody>();
    expect(file.previewHref).toMatch(/\/download-preview\?s=/);
    const preview = await t.app.inject({ url: file.previewHref as string });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(preview.rawPayload.equals(TINY_PNG)).toBe(true);

    const { file: plain, secret } = await uploaded();
    const none = await t.app.inject({
      url: `/api/v1/public-files/${plain.key}/download-preview?s=${encodeURIComponent(secret)}`,
    });
    expect(errorOf(none)).toEqual({ status: 404, code: 2200, data: null });
  });
});

describe('over real HTTP', () => {
  it('streams a few MB up and down, byte for byte', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const secret = newSecret();
    const form = new FormData();
    form.set('info', JSON.stringify({ name: 'big.bin', meta: { from: 'Sid' } }));
    form.set('file', new Blob([bytes], { type: 'application/octet-stream' }), 'big.bin');
    const response = await fetch(`${t.baseUrl}/api/v1/files?s=${encodeURIComponent(secret)}`, {
      method: 'POST',
      headers: withBearer(await staffToken()) as Record<string, string>,
      body: form,
    });
    expect(response.status).toBe(200);
    const file = (await response.json()) as PublicFileBody;
    expect(file.size).toBe(bytes.length);
    const download = await fetch(`${t.baseUrl}${file.href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(bytes.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('an upload aborted half-way leaves no row and no file', async () => {
    const rows = await rowCount();
    const before = await storedNames();
    const token = await staffToken();
    const boundary = `----spark${randomBytes(8).toString('hex')}`;
    const url = new URL(`${t.baseUrl}/api/v1/files?s=${newSecret()}`);
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(50 * 1024 * 1024),
      },
    });
    request.on('error', () => {});
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    // Send until the server is writing it aside (a part file; in S3 an upload in progress, which
    // begins once the first 8 MiB part is full), then go away.
    let sawPart = false;
    for (let i = 0; i < 80 && !sawPart; i++) {
      if (i < 40) request.write(randomBytes(512 * 1024));
      await sleep(50);
      sawPart = (await storedNames()).some((name) => name.endsWith('.part'));
    }
    expect(sawPart).toBe(true);
    request.destroy();
    let after = await storedNames();
    for (let i = 0; i < 50 && after.length !== before.length; i++) {
      await sleep(50);
      after = await storedNames();
    }
    expect(after).toEqual(before);
    expect(await rowCount()).toBe(rows);
  });
});

describe('guessing links', () => {
  it('wrong secrets count against the client address; right ones never do', async () => {
    const { file, secret } = await uploaded();
    const get = (s: string, remoteAddress: string) =>
      t.app.inject({ url: `/api/v1/public-files/${file.key}?s=${encodeURIComponent(s)}`, remoteAddress });
    // A popular file: many right downloads from one address are never refused.
    for (let i = 0; i < KEY_MISSES_PER_WINDOW + 5; i++) {
      expect((await get(secret, '203.0.113.50')).statusCode).toBe(200);
    }
    for (let i = 0; i < KEY_MISSES_PER_WINDOW; i++) {
      expect(errorOf(await get(newSecret(), '203.0.113.51'))).toMatchObject({ status: 404, code: 2200 });
    }
    const refused = await get(secret, '203.0.113.51');
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(secret, '203.0.113.50')).statusCode).toBe(200);
  });
});
