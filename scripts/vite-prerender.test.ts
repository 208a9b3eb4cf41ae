import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { colorSchemeCookie } from '../src/domain/color-scheme-cookie';
import { groupScripts, groupStyles, prerenderedHtml, startScript } from './vite-prerender';

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
  groups: ['signup'],
};

describe('prerenderedHtml', () => {
  const out = prerenderedHtml(indexHtml, page, '/assets/prerendered-start-abc.js');

  it('puts the frame in #root and the title in <title>, escaped', () => {
    expect(out).toContain('<div id="root"><h1>Welcome to Spark for Teams</h1></div>');
    expect(out).toContain('<title>Sign up &#60;&#38;&#62; – Spark Teams Console</title>');
  });

  it('starts from a script file in <head>, which names the code; no script is inline', () => {
    const start =
      '<script defer src="/assets/prerendered-start-abc.js" data-entry="/assets/index-abc.js" data-preload="/assets/vendor-abc.js"></script>';
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

  it('refuses a frame with an inline script (a Suspense boundary React would finish with one)', () => {
    const waiting = { ...page, html: '<!--$?--><template id="B:0"></template><script>$RC("B:0")</script>' };
    expect(() => prerenderedHtml(indexHtml, waiting, '/x.js')).toThrow(/inline script/);
    const fine = { ...page, html: '<p>frame</p><script src="/assets/x.js"></script>' };
    expect(() => prerenderedHtml(indexHtml, fine, '/x.js')).not.toThrow();
  });

  it("links the page's own style sheets in <head>, not index.html's again", () => {
    const styled = prerenderedHtml(indexHtml, page, '/x.js', [
      '/assets/vendor-abc.css',
      '/assets/signup-abc.css',
    ]);
    expect(styled.match(/vendor-abc\.css/g)).toHaveLength(1);
    const link = '<link rel="stylesheet" crossorigin href="/assets/signup-abc.css">';
    expect(styled).toContain(link);
    expect(styled.indexOf(link)).toBeLessThan(styled.indexOf('</head>'));
  });

  it("preloads the page's own chunks after the entry's, each once, never the entry itself", () => {
    const withCode = prerenderedHtml(
      indexHtml,
      page,
      '/x.js',
      [],
      [
        '/assets/signup.group-abc.js',
        '/assets/vendor-abc.js',
        '/assets/index-abc.js',
        '/assets/forms-abc.js',
      ],
    );
    expect(withCode).toContain(
      'data-entry="/assets/index-abc.js" data-preload="/assets/vendor-abc.js /assets/signup.group-abc.js /assets/forms-abc.js"',
    );
  });

  it('refuses an index.html without the root element', () => {
    expect(() => prerenderedHtml('<html></html>', page, '/x.js')).toThrow(/root/);
  });
});

describe('startScript', () => {
  interface Browser {
    storage?: boolean;
    /** Paint timing as Chromium and Firefox report it; false for a browser without it. */
    paintTiming?: boolean;
    hidden?: boolean;
    /**
     * When the parser reached the end of the document (DOMContentLoaded), in ms, against a first
     * contentful paint at 100 ms; null while it is still reading.
     */
    parsedAt?: number | null;
    https?: boolean;
    /** data-preload's files, when not the default two. */
    preloads?: string[];
  }

  /** Runs the script against a stored pick and the server's mark on <html>; answers what it did. */
  function run(stored: string | null, marked: 'light' | 'dark' | null, browser: Browser = {}, first = '') {
    const { storage = true, paintTiming = true, hidden = false } = browser;
    let parsedAt = browser.parsedAt === undefined ? 50 : browser.parsedAt;
    const parsedListeners: (() => void)[] = [];
    const cookies: string[] = [];
    let scheme: string | null = marked;
    let marks = 0;
    const added: Record<string, unknown>[] = [];
    const frames: (() => void)[] = [];
    const timers: { callback: () => void; delay: number }[] = [];
    const paintObservers: ((names: string[]) => void)[] = [];
    const visibilityListeners: (() => void)[] = [];
    const attributes: Record<string, string> = {
      'data-entry': '/assets/index-abc.js',
      'data-preload': (browser.preloads ?? ['/assets/vendor-abc.js', '/assets/shell-abc.js']).join(' '),
      'data-styles': '/assets/vendor-abc.css /assets/shell-abc.css',
    };
    class FakePerformanceObserver {
      static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
      disconnected = false;
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        paintObservers.push((names) => {
          const entries = names.map((name) => ({ name, startTime: 100 }));
          if (!this.disconnected)
            callback({ getEntriesByName: (name) => entries.filter((entry) => entry.name === name) });
        });
      }
      observe(options: { type: string; buffered: boolean }) {
        if (options.type !== 'paint' || !options.buffered) throw new Error('observes buffered paint entries');
      }
      disconnect() {
        this.disconnected = true;
      }
    }
    runInNewContext(startScript('spark-console:color-scheme', first), {
      localStorage: {
        getItem: (key: string) => {
          if (!storage) throw new Error('storage is off');
          return key === 'spark-console:color-scheme' ? stored : null;
        },
      },
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void, delay = 0) => timers.push({ callback, delay }),
      PerformanceObserver: FakePerformanceObserver,
      performance: {
        getEntriesByType: (type: string) =>
          type === 'navigation' ? [{ domContentLoadedEventStart: parsedAt ?? 0 }] : [],
      },
      location: { protocol: browser.https ? 'https:' : 'http:' },
      document: {
        set cookie(value: string) {
          cookies.push(value);
        },
        visibilityState: hidden ? 'hidden' : 'visible',
        get readyState() {
          return parsedAt === null ? 'loading' : 'interactive';
        },
        addEventListener: (type: string, listener: () => void) => {
          if (type === 'visibilitychange') visibilityListeners.push(listener);
          if (type === 'DOMContentLoaded') parsedListeners.push(listener);
        },
        currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
        documentElement: {
          getAttribute: (name: string) => (name === 'data-mantine-color-scheme' ? scheme : null),
          setAttribute: (_name: string, value: string) => {
            marks++;
            scheme = value;
          },
          removeAttribute: () => {
            marks++;
            scheme = null;
          },
        },
        createElement: (tag: string) => ({ tag }),
        head: { appendChild: (element: Record<string, unknown>) => added.push({ ...element }) },
      },
    });
    const runTimers = (atMost: number) => {
      for (const timer of timers.splice(0)) {
        if (timer.delay <= atMost) timer.callback();
        else timers.push(timer);
      }
    };
    const paint = (...names: string[]) => {
      for (const observer of paintObservers) observer(names);
    };
    const finishParsing = (at: number) => {
      parsedAt = at;
      for (const listener of parsedListeners.splice(0)) listener();
    };
    const runFrames = () => {
      for (const frame of frames.splice(0)) frame();
    };
    /** The first paint reported, and every task it led to run: the script's whole work. */
    const settle = () => {
      for (const observer of paintObservers) observer(['first-contentful-paint']);
      for (let round = 0; round < 3; round++) {
        for (const frame of frames.splice(0)) frame();
        for (const timer of timers.splice(0)) if (timer.delay === 0) timer.callback();
      }
      return { scheme, marks, cookies };
    };
    return {
      scheme,
      marks,
      settle,
      cookies,
      added,
      frames,
      timers,
      runTimers,
      runFrames,
      paint,
      finishParsing,
      visibilityListeners,
    };
  }

  const CODE = [
    { tag: 'link', crossOrigin: '', rel: 'stylesheet', href: '/assets/vendor-abc.css' },
    { tag: 'link', crossOrigin: '', rel: 'stylesheet', href: '/assets/shell-abc.css' },
    { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/vendor-abc.js' },
    { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/shell-abc.js' },
    { tag: 'script', crossOrigin: '', type: 'module', src: '/assets/index-abc.js' },
  ];
  const STYLES = CODE.slice(0, 2);

  it("leaves the server's mark alone when it is the stored pick: no restyling, no cookie written", () => {
    for (const pick of ['light', 'dark'] as const) {
      expect(run(pick, pick).settle()).toEqual({ scheme: pick, marks: 0, cookies: [] });
    }
    // No pick, no mark: the inlined rules follow the system.
    expect(run(null, null).settle()).toEqual({ scheme: null, marks: 0, cookies: [] });
    expect(run('auto', null).settle()).toEqual({ scheme: null, marks: 0, cookies: [] });
  });

  it('corrects a mark that is not the stored pick, and the cookie with it (Secure on HTTPS)', () => {
    // A pick the cookie does not carry yet (missing, expired, refused): marked and kept, but only once
    // the code has been asked for (storage is not read on the way to the first paint).
    const unmarked = run('dark', null);
    expect(unmarked).toMatchObject({ scheme: null, marks: 0, cookies: [] });
    unmarked.paint('first-contentful-paint');
    unmarked.runTimers(0);
    unmarked.runTimers(0);
    expect(unmarked.added).toEqual(CODE);
    expect(unmarked.cookies).toEqual([]);
    expect(unmarked.settle()).toEqual({
      scheme: 'dark',
      marks: 1,
      cookies: [colorSchemeCookie('dark', false)],
    });
    expect(run('light', 'dark', { https: true }).settle()).toEqual({
      scheme: 'light',
      marks: 1,
      cookies: [colorSchemeCookie('light', true)],
    });
    // A mark from a cookie whose pick is gone from storage: the page follows the system again.
    expect(run(null, 'dark').settle()).toEqual({
      scheme: null,
      marks: 1,
      cookies: [colorSchemeCookie(null, false)],
    });
  });

  it('leaves the page to CSS when storage is refused, and still starts the code', () => {
    const result = run('dark', 'dark', { storage: false });
    result.paint('first-contentful-paint');
    result.runTimers(0);
    result.runTimers(0);
    expect(result.added).toEqual(CODE);
    expect(result.settle()).toEqual({ scheme: 'dark', marks: 0, cookies: [] });
  });

  it("runs a first part (the team pages' login link) before, and goes on when it throws", () => {
    const ran = run('dark', null, {}, 'requestAnimationFrame(function first() {});');
    expect(ran.frames.map((frame) => frame.name)).toEqual(['first']);
    const failed = run('dark', null, {}, 'throw new Error("no login link here");');
    failed.paint('first-contentful-paint');
    failed.runTimers(0);
    failed.runTimers(0);
    expect(failed.added).toEqual(CODE);
    expect(failed.settle().scheme).toBe('dark');
  });

  it('asks for the style sheets, then the code, only once the first contentful paint is reported, preloads first, once', () => {
    const result = run(null, null);
    result.runTimers(0);
    for (const frame of result.frames.splice(0)) frame();
    expect(result.added).toEqual([]);
    result.paint('first-paint');
    result.runTimers(0);
    expect(result.added).toEqual([]);
    result.paint('first-contentful-paint');
    expect(result.added).toEqual([]);
    result.runTimers(0);
    // The style sheets first; the code in a task of its own (adding each element starts a request).
    expect(result.added).toEqual(STYLES);
    result.runTimers(0);
    expect(result.added).toEqual(CODE);
    result.runTimers(Number.POSITIVE_INFINITY);
    for (const listener of result.visibilityListeners) listener();
    expect(result.added).toEqual(CODE);
  });

  it('adds many preloads a few per task, the entry after the last of them', () => {
    const preloads = Array.from({ length: 8 }, (_, index) => `/assets/chunk-${index}.js`);
    const result = run(null, null, { preloads });
    result.paint('first-contentful-paint');
    result.runTimers(0);
    expect(result.added).toEqual(STYLES);
    const preloaded = () =>
      result.added.filter((element) => element.rel === 'modulepreload').map((e) => e.href);
    result.runTimers(0);
    expect(preloaded()).toEqual(preloads.slice(0, 6));
    expect(result.added.some((element) => element.tag === 'script')).toBe(false);
    result.runTimers(0);
    expect(preloaded()).toEqual(preloads);
    expect(result.added.at(-1)).toEqual({
      tag: 'script',
      crossOrigin: '',
      type: 'module',
      src: '/assets/index-abc.js',
    });
  });

  it('waits for a frame with the whole page when the first paint showed only its top', () => {
    // The parser yielded half-way through the body: the page's heading is painted in a later frame,
    // and the code's requests must not start before it.
    const halfParsed = run(null, null, { parsedAt: null });
    halfParsed.paint('first-contentful-paint');
    halfParsed.runTimers(0);
    halfParsed.runFrames();
    expect(halfParsed.added).toEqual([]);
    halfParsed.finishParsing(150);
    halfParsed.runTimers(0);
    expect(halfParsed.added).toEqual([]);
    halfParsed.runFrames();
    halfParsed.runTimers(0);
    halfParsed.runTimers(0);
    expect(halfParsed.added).toEqual(CODE);

    // Parsed after the paint, before its report came: one more frame too.
    const parsedLate = run(null, null, { parsedAt: 120 });
    parsedLate.paint('first-contentful-paint');
    parsedLate.runTimers(0);
    expect(parsedLate.added).toEqual([]);
    parsedLate.runFrames();
    parsedLate.runTimers(0);
    parsedLate.runTimers(0);
    expect(parsedLate.added).toEqual(CODE);
  });

  it('starts without a paint after a bounded wait, or when the tab is hidden meanwhile', () => {
    const waited = run(null, null);
    waited.runTimers(2999);
    expect(waited.added).toEqual([]);
    waited.runTimers(3000);
    waited.runTimers(0);
    expect(waited.added).toEqual(CODE);

    const hiddenLater = run(null, null);
    for (const listener of hiddenLater.visibilityListeners) listener();
    hiddenLater.runTimers(0);
    expect(hiddenLater.added).toEqual(CODE);
  });

  it('starts at once in a hidden tab, and after one frame in a browser without paint timing', () => {
    // Everything in the one task: a hidden page's timers run at most once a second.
    const hidden = run(null, null, {
      hidden: true,
      preloads: Array.from({ length: 8 }, (_, i) => `/assets/c-${i}.js`),
    });
    hidden.runTimers(0);
    expect(hidden.added.map((element) => element.tag)).toEqual([...Array(10).fill('link'), 'script']);

    const noPaintTiming = run(null, null, { paintTiming: false });
    noPaintTiming.runTimers(0);
    expect(noPaintTiming.added).toEqual([]);
    for (const frame of noPaintTiming.frames.splice(0)) frame();
    noPaintTiming.runTimers(0);
    noPaintTiming.runTimers(0);
    expect(noPaintTiming.added).toEqual(CODE);
  });
});

describe('groupStyles', () => {
  const chunk = (fileName: string, facade: string | null, imports: string[], css: string[]) =>
    ({
      type: 'chunk',
      fileName,
      facadeModuleId: facade,
      imports,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    }) as unknown as Rolldown.OutputChunk;
  const bundle = Object.fromEntries(
    [
      chunk(
        'assets/team.group-1.js',
        '/src/routes/team/team.group.ts',
        ['assets/shared-1.js'],
        ['assets/team.css'],
      ),
      chunk('assets/team-overview.group-1.js', '/src/routes/team/team-overview.group.ts', [], []),
      chunk(
        'assets/team-billing.group-1.js',
        '/src/routes/team/team-billing.group.ts',
        [],
        ['assets/billing.css'],
      ),
      chunk('assets/shared-1.js', null, ['assets/shared-1.js'], ['assets/shared.css']),
    ].map((file) => [file.fileName, file]),
  ) as Rolldown.OutputBundle;

  it("collects the groups' chunks' CSS and that of the chunks they import", () => {
    expect(groupStyles(bundle, ['team', 'team-overview']).sort()).toEqual([
      '/assets/shared.css',
      '/assets/team.css',
    ]);
    expect(groupStyles(bundle, ['team-billing'])).toEqual(['/assets/billing.css']);
    expect(groupStyles(bundle, ['nothing'])).toEqual([]);
  });

  it("collects the groups' chunks and the chunks they import, each once", () => {
    expect(groupScripts(bundle, ['team', 'team-overview']).sort()).toEqual([
      '/assets/shared-1.js',
      '/assets/team-overview.group-1.js',
      '/assets/team.group-1.js',
    ]);
    expect(groupScripts(bundle, ['team-billing'])).toEqual(['/assets/team-billing.group-1.js']);
    expect(groupScripts(bundle, ['nothing'])).toEqual([]);
  });
});
