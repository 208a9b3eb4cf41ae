import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const browserDir = path.join(import.meta.dirname, 'browser');

export interface Asset {
  body: string;
  contentType: string;
}

const contentTypes: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Every file of browser/ by name, read once at start-up: the only files the assets route serves. */
export function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(browserDir)) {
    const contentType = contentTypes[path.extname(name)];
    if (contentType)
      assets.set(name, { body: readFileSync(path.join(browserDir, name), 'utf8'), contentType });
  }
  return assets;
}

/** The stand-in's modules, each after the ones it imports. */
const stripeJsModules = ['card-checks.js', 'stripe-api.js', 'card-element.js', 'stripe-js.js'];

/**
 * js.stripe.com/v3 is a classic script (pages load it with a plain <script src>), so the stand-in's
 * ES modules are joined into one function scope: their relative imports dropped and `export`
 * removed. The files are written for this (unique top-level names, imports only from each other),
 * which keeps them importable as modules in tests without a bundler.
 */
export function buildStripeJs(assets: Map<string, Asset>): string {
  const bodies = stripeJsModules.map((name) => {
    const source = assets.get(name)?.body;
    if (source === undefined) throw new Error(`Stripe.js stand-in: browser/${name} is missing`);
    return `// --- ${name}\n${source
      .replace(/^import\s[^;]*?from\s+'\.\/[\w-]+\.js';\n/gm, '')
      .replace(/^export\s+/gm, '')}`;
  });
  return `/* Stripe.js stand-in of the Spark Teams Stripe sandbox (test mode only). */\n(() => {\n'use strict';\n${bodies.join('\n')}\n})();\n`;
}
