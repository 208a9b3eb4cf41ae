import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const clientDir = path.join(import.meta.dirname, 'client');
// The Stripe sandbox pages' card rules, card form, helpers and styles: one set for both checkouts.
const stripeBrowserDir = path.join(import.meta.dirname, '..', '..', 'stripe', 'pages', 'browser');
const sharedFromStripe = ['card-checks.js', 'card-form.js', 'page-kit.js', 'pages.css'];

export interface Asset {
  body: string;
  contentType: string;
}

const contentTypes: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The checkout page's files by name, read once at start-up: the only files the assets route serves. */
export function loadPaddleAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const add = (dir: string, name: string) => {
    const contentType = contentTypes[path.extname(name)];
    if (contentType) assets.set(name, { body: readFileSync(path.join(dir, name), 'utf8'), contentType });
  };
  for (const name of sharedFromStripe) add(stripeBrowserDir, name);
  for (const name of readdirSync(clientDir)) add(clientDir, name);
  return assets;
}

/** The stand-in's modules, each after the ones it imports. */
const paddleJsModules = ['open-options.js', 'paddle-js.js'];

/**
 * cdn.paddle.com/paddle/v2/paddle.js is a classic script, so the stand-in's ES modules are joined
 * into one function scope: their relative imports dropped and `export` removed, as the Stripe.js
 * stand-in is. Their top-level names are distinct for this.
 */
export function buildPaddleJs(assets: Map<string, Asset>): string {
  const bodies = paddleJsModules.map((name) => {
    const source = assets.get(name)?.body;
    if (source === undefined) throw new Error(`Paddle.js stand-in: client/${name} is missing`);
    return `// --- ${name}\n${source
      .replace(/^import\s[^;]*?from\s+'\.\/[\w-]+\.js';\n/gm, '')
      .replace(/^export\s+/gm, '')}`;
  });
  return `/* Paddle.js stand-in of the Spark Teams Paddle sandbox (test mode only). */\n(() => {\n'use strict';\n${bodies.join('\n')}\n})();\n`;
}
