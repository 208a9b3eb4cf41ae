import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { prerenderedHtml, startScript } from './vite-prerender';

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
  const out = prerenderedHtml(indexHtml, page, '/assets/prerendered-start-abc.js');

  it('puts the frame in #root and the title in <title>, escaped', () => {
    expect(out).toContain('<div id="root"><h1>Welcome to Spark for Teams</h1></div>');
    expect(out).toContain('<title>Sign up &#60;&#38;&#62; – Spark Teams Console</title>');
  });

  it('starts from a script file in <head>, which names the code; no script is inline', () => {
    const start =
      '<script src="/assets/prerendered-start-abc.js" data-entry="/assets/index-abc.js" data-preload="/assets/vendor-abc.js"></script>';
    expect(out).toContain(start);
    expect(out.indexOf(start)).toBeLessThan(out.indexOf('</head>'));
    // index.html's module tags are gone: the start script asks for the code once the frame painted.
    expect(out).not.toContain('type="module"');
    expect(out).not.toContain('modulepreload');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-abc.css">');
    for (const script of out.match(/<script\b[^>]*>[^<]*<\/script>/g) ?? []) {
      expect(script).toMatch(/^<script [^>]*src="[^"]+"[^>]*><\/script>$/);
    }
  });

  it('refuses an index.html without the root element', () => {
    expect(() => prerenderedHtml('<html></html>', page, '/x.js')).toThrow(/root/);
  });
});

describe('startScript', () => {
  /** Runs the script against a stored pick and a system preference; answers what it did. */
  function run(stored: string | null, systemDark: boolean, storage = true) {
    let scheme: string | null = null;
    const added: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const attributes: Record<string, string> = {
      'data-entry': '/assets/index-abc.js',
      'data-preload': '/assets/vendor-abc.js /assets/shell-abc.js',
    };
    runInNewContext(startScript('spark-console:color-scheme'), {
      localStorage: {
        getItem: (key: string) => {
          if (!storage) throw new Error('storage is off');
          return key === 'spark-console:color-scheme' ? stored : null;
        },
      },
      matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && systemDark }),
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
      document: {
        currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
        documentElement: { setAttribute: (_name: string, value: string) => (scheme = value) },
        createElement: (tag: string) => ({ tag }),
        head: { appendChild: (element: Record<string, unknown>) => added.push({ ...element }) },
      },
    });
    return {
      scheme,
      added,
      frames,
      timers,
    };
  }

  it("marks the stored pick, else the system's", () => {
    expect(run('light', true).scheme).toBe('light');
    expect(run('dark', false).scheme).toBe('dark');
    expect(run('auto', true).scheme).toBe('dark');
    expect(run(null, false).scheme).toBe('light');
  });

  it('leaves the page to CSS when storage is refused, and still starts the code', () => {
    const result = run(null, true, false);
    expect(result.scheme).toBeNull();
    expect(result.frames).toHaveLength(1);
  });

  it("asks for the console's code only after the first frame, with its preloads first", () => {
    const result = run(null, false);
    expect(result.added).toEqual([]);
    for (const frame of result.frames.splice(0)) frame();
    expect(result.added).toEqual([]);
    for (const timer of result.timers.splice(0)) timer();
    expect(result.added).toEqual([
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/vendor-abc.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/shell-abc.js' },
      { tag: 'script', crossOrigin: '', type: 'module', src: '/assets/index-abc.js' },
    ]);
  });
});
