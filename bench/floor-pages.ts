// The pages the Lighthouse benchmark measures the console's pages against, each served on the same
// machine by a small server of its own: the floor (a minimal HTML page: what the network model alone
// costs), that with one empty deferred script and the console's security headers (decision 055),
// and the team overview's prerendered frame with none of the console's code: what the frame alone
// costs, so what a team page from a login link adds to it is the code's own.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { SECURITY_HEADERS } from '../server/src/http/security-headers';

export interface StaticPage {
  url: string;
  close: () => void;
}

/**
 * The security headers the console sends with a page (SECURITY_HEADERS' names, the CSP and HSTS), as
 * the server under test answers them: a page served with them costs what they cost.
 */
export async function consoleSecurityHeaders(pageUrl: string): Promise<Record<string, string>> {
  const response = await fetch(pageUrl, { headers: { accept: 'text/html' } });
  await response.arrayBuffer();
  const names = [...Object.keys(SECURITY_HEADERS), 'content-security-policy', 'strict-transport-security'];
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = response.headers.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
}

/** The empty deferred script the floor with a script and the team frame load in place of a start script. */
const EMPTY_SCRIPT = '<script defer src="/start.js"></script>';

/**
 * The floor: a page with a heading and a paragraph, no style sheet, no font; with `script`, one empty
 * deferred script file, as a prerendered page has its start script; answered with `headers`.
 */
export function startFloorPage(script: boolean, headers: Record<string, string>): Promise<StaticPage> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>' +
    (script ? EMPTY_SCRIPT : '') +
    '</head><body><h1>Welcome to Spark for Teams</h1><p>A minimal page: what the network model alone costs.</p>' +
    '</body></html>';
  return servePage(html, headers);
}

const TEAM_START = /<script defer src="[^"]*prerendered-team-start[^"]*"[^>]*><\/script>/;

/**
 * The team overview's frame as the build in `root` prerendered it (dist/prerendered), its start
 * script swapped for an empty one: the frame paints, and nothing else runs (no login link's
 * exchange, no style sheet or code asked for). Served as the console serves it: brotli, the
 * console's `headers`, the logo it preloads.
 */
export function startTeamFramePage(root: string, headers: Record<string, string>): Promise<StaticPage> {
  const dist = path.join(root, 'dist');
  const html = readFileSync(path.join(dist, 'prerendered', 'team-overview.html'), 'utf8');
  if (!TEAM_START.test(html)) throw new Error('dist/prerendered/team-overview.html has no team start script');
  const svg = (name: string) => readFileSync(path.join(dist, name));
  return servePage(html.replace(TEAM_START, EMPTY_SCRIPT), headers, {
    compress: true,
    images: { '/logo.svg': svg('logo.svg'), '/favicon.svg': svg('favicon.svg') },
  });
}

/**
 * `html` at every address but /start.js (an empty script) and `images` (SVG); with `compress`, in
 * brotli when the browser takes it (the floors stay as they always were measured: uncompressed).
 */
async function servePage(
  html: string,
  headers: Record<string, string>,
  { compress = false, images = {} }: { compress?: boolean; images?: Record<string, Buffer> } = {},
): Promise<StaticPage> {
  const compressed = compress ? brotliCompressSync(html) : null;
  const server = createServer((request, response) => {
    const address = (request.url ?? '/').split('?')[0] ?? '/';
    const image = images[address];
    if (address === '/start.js') {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end('void 0;\n');
    } else if (image) {
      response.writeHead(200, { ...headers, 'content-type': 'image/svg+xml' }).end(image);
    } else if (compressed && /\bbr\b/.test(String(request.headers['accept-encoding']))) {
      const type = { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'br' };
      response.writeHead(200, { ...headers, ...type }).end(compressed);
    } else {
      response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
