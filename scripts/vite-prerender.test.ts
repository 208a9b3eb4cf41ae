import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { colorSchemeScript, prerenderedHtml } from './vite-prerender';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Spark Teams Console</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/vendor-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const page = {
  route: 'web-login',
  file: 'web-login.html',
  url: '/web-login',
  path: '/web-login',
  html: '<h1>Welcome to Spark for Teams</h1>',
  title: 'Sign up <&> – Spark Teams Console',
};

describe('prerenderedHtml', () => {
  const out = prerenderedHtml(indexHtml, page, '/assets/color-scheme-abc.js');

  it('puts the frame in #root and the title in <title>, escaped', () => {
    expect(out).toContain('<div id="root"><h1>Welcome to Spark for Teams</h1></div>');
    expect(out).toContain('<title>Sign up &#60;&#38;&#62; – Spark Teams Console</title>');
  });

  it('marks the colour scheme from a file before the body, and no script is inline', () => {
    expect(out.indexOf('<script src="/assets/color-scheme-abc.js"></script>')).toBeLessThan(
      out.indexOf('</head>'),
    );
    for (const script of out.match(/<script\b[^>]*>[^<]*<\/script>/g) ?? []) {
      expect(script).toMatch(/^<script [^>]*src="[^"]+"[^>]*><\/script>$/);
    }
  });

  it("fetches the console's code at low priority: the frame paints without it", () => {
    expect(out).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
    );
    expect(out).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-abc.js">',
    );
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-abc.css">');
  });

  it('refuses an index.html without the root element', () => {
    expect(() => prerenderedHtml('<html></html>', page, '/x.js')).toThrow(/root/);
  });
});

describe('colorSchemeScript', () => {
  /** Runs the script against a stored pick and a system preference; answers what it marked. */
  function marked(stored: string | null, systemDark: boolean, storage = true): string | null {
    let scheme: string | null = null;
    runInNewContext(colorSchemeScript('spark-console:color-scheme'), {
      localStorage: storage
        ? { getItem: (key: string) => (key === 'spark-console:color-scheme' ? stored : null) }
        : {
            getItem: () => {
              throw new Error('storage is off');
            },
          },
      matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
      document: { documentElement: { setAttribute: (_name: string, value: string) => (scheme = value) } },
    });
    return scheme;
  }

  it("takes the stored pick, else the system's", () => {
    expect(marked('light', true)).toBe('light');
    expect(marked('dark', false)).toBe('dark');
    expect(marked('auto', true)).toBe('dark');
    expect(marked(null, false)).toBe('light');
  });

  it('leaves the page to CSS when storage is refused', () => {
    expect(marked(null, true, false)).toBeNull();
  });
});
