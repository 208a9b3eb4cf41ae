// The prerendered public pages (dist/prerendered/, written by scripts/vite-prerender.ts): each
// answers its route's addresses, the not-found page answers addresses no route takes, the rest get
// index.html; /web-login is the variant rendered with this server's sign-in providers.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPrerenderedSite } from '../src/http/prerendered-pages';
import { buildTestApp, type TestApp } from './helper';

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** A login link's one-time code as the console reads it (its claims; the signature is the server's). */
const code = ['{"alg":"HS256"}', '{"kind":"auth_code","uid":2}']
  .map((part) => Buffer.from(part).toString('base64url'))
  .concat('signature')
  .join('.');

const pages = [
  { route: 'web-login', file: 'web-login.html', path: '/web-login', signInProviders: [] },
  { route: 'web-login', file: 'web-login.google.html', path: '/web-login', signInProviders: ['google'] },
  {
    route: 'web-login',
    file: 'web-login.microsoft.html',
    path: '/web-login',
    signInProviders: ['microsoft'],
  },
  {
    route: 'web-login',
    file: 'web-login.google.microsoft.html',
    path: '/web-login',
    signInProviders: ['google', 'microsoft'],
  },
  { route: 'public-file', file: 'public-file.html', path: '/public-files/:fileKey' },
  { route: 'not-found', file: 'not-found.html', path: '*' },
  { route: 'team-overview', file: 'team-overview.html', path: '/teams/:teamUser/overview', team: true },
  { route: 'team-billing', file: 'team-billing.html', path: '/teams/:teamUser/billing', team: true },
];
const consolePaths = [
  '/',
  '/login',
  '/web-login',
  '/teams/:teamUser',
  '/teams/:teamUser/overview',
  '/teams/:teamUser/billing',
  '/public-files/upload',
  '/public-files/:fileKey',
];

async function builtConsole(): Promise<string> {
  const distDir = await mkdtemp(path.join(tmpdir(), 'spark-dist-'));
  await mkdir(path.join(distDir, 'prerendered'), { recursive: true });
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><head><title>Spark</title></head><div id="root"></div>',
  );
  for (const page of pages) {
    await writeFile(
      path.join(distDir, 'prerendered', page.file),
      `<!doctype html><head><title>${page.file}</title></head><div id="root"><h1>${page.file}</h1></div>`,
    );
  }
  await writeFile(path.join(distDir, 'prerendered', 'pages.json'), JSON.stringify({ pages, consolePaths }));
  return distDir;
}

describe('with prerendered pages', () => {
  const holder: { t?: TestApp; distDir?: string } = {};
  beforeAll(async () => {
    holder.distDir = await builtConsole();
    holder.t = await buildTestApp({ distDir: holder.distDir, seed: false });
    return () => holder.t?.close();
  });
  const page = async (url: string) => {
    const response = await (holder.t as TestApp).app.inject({ url, headers: html });
    expect(response.statusCode, url).toBe(200);
    return response;
  };

  it("answers a prerendered route's addresses with its page, with the settings and the strict CSP", async () => {
    for (const url of ['/public-files/abc?s=secret', '/PUBLIC-FILES/abc/', '/public-files/x%2Fy?s=1']) {
      const response = await page(url);
      expect(response.body, url).toContain('<h1>public-file.html</h1>');
      expect(response.body, url).toContain('<meta name="spark-console-settings"');
      expect(response.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    // A route of its own that the pattern would take otherwise: the table's order decides in the
    // console, and here the prerendered pattern only takes what it names.
    expect((await page('/public-files/abc/def')).body).toContain('<h1>not-found.html</h1>');
  });

  it("gives addresses no route takes the not-found page, and the console's own routes index.html", async () => {
    for (const url of ['/no/such/page', '/teams/1-2/nope', '/teams']) {
      expect((await page(url)).body, url).toContain('<h1>not-found.html</h1>');
    }
    for (const url of [
      '/',
      '/login?token=abc',
      '/teams/1-2',
      '/teams/nonsense/overview',
      '/teams/0-2/billing',
    ]) {
      expect((await page(url)).body, url).toContain('<div id="root"></div>');
    }
  });

  it("answers a team page's addresses with its frame, and a login link with the page it lands on", async () => {
    for (const url of [
      '/teams/1-2/overview',
      '/teams/12-34/overview/',
      `/login?token=${code}&team_id=1&user_id=2`,
    ]) {
      expect((await page(url)).body, url).toContain('<h1>team-overview.html</h1>');
    }
    for (const url of [
      '/teams/1-2/billing?result=success',
      `/login?token=${code}&team_id=1&user_id=2&redirectTo=billing`,
    ]) {
      expect((await page(url)).body, url).toContain('<h1>team-billing.html</h1>');
    }
    // Without a one-time code (a refresh token is tried on the sign-in page), or without a team and
    // user, /login is the console's own sign-in page.
    for (const url of [
      '/login?team_id=1&user_id=2',
      '/login?token=abc&team_id=1&user_id=2',
      `/login?token=${code}&team_id=1`,
      `/login?token=${code}&team_id=x&user_id=2`,
    ]) {
      expect((await page(url)).body, url).toContain('<div id="root"></div>');
    }
  });

  it("serves /web-login rendered with this server's sign-in providers", async () => {
    const response = await page('/web-login');
    const served = /<h1>(web-login[^<]*)<\/h1>/.exec(response.body)?.[1];
    const settings = /<meta name="spark-console-settings" content="([^"]*)"/.exec(response.body)?.[1] ?? '';
    const providers = (
      JSON.parse(settings.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))) as {
        signInProviders: string[];
      }
    ).signInProviders;
    expect(served).toBe(`web-login${providers.map((p) => `.${p}`).join('')}.html`);
  });
});

describe('readPrerenderedSite', () => {
  it('keeps the /web-login page of the given providers, whatever their order', async () => {
    const distDir = await builtConsole();
    const pick = (providers: ('google' | 'microsoft')[]) =>
      readPrerenderedSite(distDir, providers)
        ?.entries.filter((entry) => entry.route === 'web-login')
        .map((entry) => path.basename(entry.file));
    expect(pick([])).toEqual(['web-login.html']);
    expect(pick(['microsoft'])).toEqual(['web-login.microsoft.html']);
    expect(pick(['microsoft', 'google'])).toEqual(['web-login.google.microsoft.html']);
  });

  it('is null for a build without prerendered pages', async () => {
    expect(readPrerenderedSite(await mkdtemp(path.join(tmpdir(), 'spark-dist-')), [])).toBeNull();
  });
});
