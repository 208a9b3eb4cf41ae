import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, setupTestApp, type TestApp } from './helper';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('with a built console', () => {
  let distDir = '';
  const holder: { t?: TestApp } = {};
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'spark-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html lang="en"><title>Spark</title><div id="root"></div></html>',
    );
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // What the build writes beside each text file (scripts/vite-precompress.ts).
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    holder.t = await buildTestApp({ distDir, seed: false });
    return () => holder.t?.close();
  });
  const inject = (url: string, headers: Record<string, string> = {}) =>
    (holder.t as TestApp).app.inject({ url, headers });

  it('serves index.html at / and for client routes, never cached', async () => {
    for (const url of ['/', '/teams/1-2/overview', '/login?token=abc&team_id=1&user_id=2', '/no/such/page']) {
      const response = await inject(url, html);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('<div id="root">');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable, and 404s missing ones', async () => {
    const asset = await inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await inject('/assets/missing.js', { accept: '*/*' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
  });

  it('sends index.html compressed as the browser accepts, with an ETag that answers 304', async () => {
    const br = await inject('/teams/1-2/overview', { ...html, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<div id="root">');
    const gzip = await inject('/', { ...html, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root">');
    const plain = await inject('/login', { ...html, 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(new Set([etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    const again = await inject('/members', { ...html, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await inject('/members', { ...html, 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('marks <html> with the colour scheme the cookie picked, so the first paint needs no script', async () => {
    const br = { ...html, 'accept-encoding': 'br' };
    const unmarked = await inject('/teams/1-2/overview', br);
    expect(brotliDecompressSync(unmarked.rawPayload).toString()).toContain('<html lang="en">');
    expect(unmarked.headers.vary).toMatch(/cookie/i);

    const dark = await inject('/teams/1-2/overview', { ...br, cookie: 'a=1; spark-color-scheme=dark' });
    expect(brotliDecompressSync(dark.rawPayload).toString()).toContain(
      '<html data-mantine-color-scheme="dark" lang="en">',
    );
    expect(dark.headers.vary).toMatch(/cookie/i);
    const light = await inject('/', { ...html, cookie: 'spark-color-scheme=light' });
    expect(light.body).toContain('<html data-mantine-color-scheme="light" lang="en">');
    expect(new Set([unmarked.headers.etag, dark.headers.etag]).size).toBe(2);

    // A revalidation in the same scheme is a 304; after the pick changed, the page comes again.
    const cookie = 'spark-color-scheme=dark';
    const same = await inject('/', { ...br, cookie, 'if-none-match': dark.headers.etag as string });
    expect(same.statusCode).toBe(304);
    const other = await inject('/', {
      ...br,
      cookie: 'spark-color-scheme=light',
      'if-none-match': dark.headers.etag as string,
    });
    expect(other.statusCode).toBe(200);

    // Only the two schemes are ever written into the page.
    for (const value of ['auto', 'dark"><script>alert(1)</script>', 'DARK', '']) {
      const response = await inject('/', { ...br, cookie: `spark-color-scheme=${value}` });
      expect(response.headers.etag, value).toBe(unmarked.headers.etag);
    }
  });

  it("sends an asset's precompressed file when the browser takes it, the plain file otherwise", async () => {
    const br = await inject('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toContain('immutable');
    const plain = await inject('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps /api paths JSON even when the browser asks for HTML', async () => {
    const response = await inject('/api/v1/nothing', html);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 2200 });
  });
});

describe('without a built console', () => {
  const t = setupTestApp({ seed: false });

  it('answers pages with a hint to build, and the API as usual', async () => {
    const page = await t.app.inject({ url: '/teams/1-2', headers: html });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/text\/plain/);
    expect(page.body).toContain('npm run build');
    const api = await t.app.inject({ url: '/api/v2/profile' });
    expect(api.json()).toMatchObject({ errorCode: 1200 });
  });
});
