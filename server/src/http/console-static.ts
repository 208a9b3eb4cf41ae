import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type PickedColorScheme, pickedColorScheme } from '@domain/color-scheme-cookie';
import { CONSOLE_SETTINGS_META, type ConsolePageSettings } from '@domain/console-settings';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath, sendApiNotFound } from '../errors';
import { prerenderedFileFor, readPrerenderedSite } from './prerendered-pages';
import { consoleCsp, schedulingOrigins } from './security-headers';

const buildHint =
  'The console is not built yet. Run `npm run build` (or `npm start`, which builds it when needed), then reload.\n';

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

interface Variant {
  encoding: 'br' | 'gzip' | null;
  body: Buffer;
  etag: string;
}

/**
 * index.html as read at start, in the encodings a browser may take, with one ETag per encoding; and
 * the same marked with a colour scheme the user picked, made the first time one is asked for.
 */
interface IndexPage {
  frameOrigins: string[];
  variants: Variant[];
  picked: Map<PickedColorScheme, Variant[]>;
}

/** The operator's settings as a <meta> element (HTML-escaped JSON): the console reads it at start. */
function settingsMeta(settings: ConsolePageSettings): string {
  const json = JSON.stringify(settings).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<meta name="${CONSOLE_SETTINGS_META}" content="${json}">`;
}

function encodedVariants(html: string): Variant[] {
  const identity = Buffer.from(html);
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(identity, { level: 9 });
  return [
    { encoding: 'br', body: br, etag: `"${tag}-br"` },
    { encoding: 'gzip', body: gzip, etag: `"${tag}-gz"` },
    { encoding: null, body: identity, etag: `"${tag}"` },
  ];
}

function loadIndexPage(file: string, settings: ConsolePageSettings): IndexPage {
  const read = readFileSync(file, 'utf8');
  const html = read.includes('</head>')
    ? read.replace('</head>', `${settingsMeta(settings)}</head>`)
    : settingsMeta(settings) + read;
  return {
    frameOrigins: schedulingOrigins(settings.schedulingUrls),
    variants: encodedVariants(html),
    picked: new Map(),
  };
}

const HTML_TAG = /<html\b/;

/** The page's text, from its uncompressed variant (not kept as a string: it would double its memory). */
function pageHtml(page: IndexPage): string {
  return (page.variants.find((variant) => variant.encoding === null) as Variant).body.toString('utf8');
}

/**
 * The page in the scheme the request's cookie picked, else as built: <html> marked as the console
 * would mark it, so the first paint is the picked scheme before any script has run (an unmarked page
 * follows the system's preference by CSS).
 */
function variantsFor(page: IndexPage, request: FastifyRequest): Variant[] {
  const scheme = pickedColorScheme(request.headers.cookie);
  if (!scheme) return page.variants;
  let variants = page.picked.get(scheme);
  if (!variants) {
    const html = pageHtml(page);
    variants = HTML_TAG.test(html)
      ? encodedVariants(html.replace(HTML_TAG, `<html data-mantine-color-scheme="${scheme}"`))
      : page.variants;
    page.picked.set(scheme, variants);
  }
  return variants;
}

/** Accept-Encoding names this coding with a non-zero q (a missing q is 1). */
function accepts(header: string, coding: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * The console's HTML from memory: no file read per navigation, compressed once, and a strong ETag so
 * a revalidating browser (index.html is never cached: no-cache) gets a 304 without a body.
 */
function sendIndexPage(page: IndexPage, request: FastifyRequest, reply: FastifyReply): void {
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  const variants = variantsFor(page, request);
  const variant =
    variants.find((v) => v.encoding === null || accepts(acceptEncoding, v.encoding)) ??
    (variants.at(-1) as Variant);
  void reply
    .header('content-security-policy', consoleCsp(request.url, page.frameOrigins))
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie')
    .header('etag', variant.etag)
    .type('text/html; charset=utf-8');
  const ifNoneMatch = request.headers['if-none-match'] ?? '';
  if (ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === variant.etag)) {
    void reply.status(304).send();
    return;
  }
  if (variant.encoding) void reply.header('content-encoding', variant.encoding);
  void reply.send(variant.body);
}

/** Where the stand-ins live (the Stripe sandbox's API at /v1, their pages under /sandbox). */
function isStandInPath(url: string): boolean {
  return /^\/(sandbox|v1)(\/|\?|$)/.test(url);
}

/**
 * Paths of the service's plumbing: the probes (other methods than theirs) and /metrics, which is
 * served on METRICS_PORT only. A scraper or probe pointed at the public port gets a 404, not a page.
 */
function isServicePath(url: string): boolean {
  return /^\/(metrics|healthz|readyz)(\/|\?|$)/.test(url);
}

/**
 * One port for console and API: files from dist/, and for browser navigations to client routes
 * (/teams/1-2, /login?token=...) the console's index.html. Unknown /api paths stay JSON 404s.
 * Without a build, pages answer with a hint instead; the API works either way.
 *
 * Assets go out compressed without compressing per request: the build writes a .br and a .gz beside
 * each text file (scripts/vite-precompress.ts) and @fastify/static picks one by Accept-Encoding. The
 * API's JSON and streams are never compressed here (docs/decisions/005-server-speed-and-scale-out.md).
 */
export async function registerConsole(
  app: FastifyInstance,
  distDir: string,
  settings: ConsolePageSettings,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const page = existsSync(indexFile) ? loadIndexPage(indexFile, settings) : null;
  // The public pages' prerendered HTML (src/prerender/), held in memory as index.html is.
  const site = page ? readPrerenderedSite(distDir, settings.signInProviders) : null;
  const prerendered = new Map(
    site?.entries.map((entry) => [entry.file, loadIndexPage(entry.file, settings)]),
  );
  const pageFor = (url: string): IndexPage => {
    if (!site || !page) return page as IndexPage;
    const file = prerenderedFileFor(url, site.entries, site.consolePaths);
    return (file && prerendered.get(file)) || page;
  };
  if (page) {
    await app.register(fastifyStatic, {
      root: distDir,
      cacheControl: false,
      preCompressed: true,
      // index.html comes from memory (below), for / as for every client route.
      index: false,
      // One route per file of the build, listed at start: a client route (/web-login, /teams/1-2)
      // goes straight to the page in memory instead of looking on disk for three files first
      // (the path, .br, .gz). A new build needs a restart anyway: index.html is read at start.
      wildcard: false,
      setHeaders(reply, filePath) {
        // Vite fingerprints everything under assets/; anything else must always be revalidated.
        const immutable = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // (/index.html itself is one of the files above.)
    app.get('/', (request, reply) => sendIndexPage(page, request, reply));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    // A stand-in's paths are never the console's pages: without the stand-in, they are simply not here.
    if (isApiPath(request.url) || isStandInPath(request.url) || isServicePath(request.url)) {
      sendApiNotFound(reply);
    } else if (!page && (request.method === 'GET' || request.method === 'HEAD')) {
      void reply.status(503).type('text/plain; charset=utf-8').send(buildHint);
    } else if (page && wantsHtml(request)) {
      sendIndexPage(pageFor(request.url), request, reply);
    } else {
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
  });
}
