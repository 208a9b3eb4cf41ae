import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferStyleSheets, inlineFrameStyles } from './prerender-styles';

const page = `<!doctype html>
<html lang="en">
  <head>
    <link rel="stylesheet" crossorigin href="/assets/vendor-abc.css">
    <script defer src="/assets/prerendered-start-abc.js" data-entry="/assets/index-abc.js" data-preload=""></script>
  </head>
  <body>
    <div id="root"><h1 class="title">Welcome</h1></div>
  </body>
</html>`;

const SHEET = [
  ':root[data-mantine-color-scheme=light]{--body:#fff;--menu:#fff}',
  ':root[data-mantine-color-scheme=dark]{--body:#242424;--menu:#2e2e2e}',
  'body{background:var(--body)}',
  '.title{font-weight:600}',
  '[data-mantine-color-scheme=dark] .title{color:#c9c9c9}',
  '.menu-dropdown{position:absolute}',
  '[data-mantine-color-scheme=dark] .menu-dropdown{background:#2e2e2e}',
].join('\n');

describe('inlineFrameStyles', () => {
  let distDir = '';
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'prerender-styles-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'assets', 'vendor-abc.css'), SHEET);
  });
  afterAll(() => rm(distDir, { recursive: true, force: true }));

  it("inlines the rules the frame uses, in both schemes, and leaves out the others'", async () => {
    const html = await inlineFrameStyles(page, distDir);
    const inlined = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    expect(inlined).toContain('.title{font-weight:600}');
    expect(inlined).toContain('[data-mantine-color-scheme=dark] .title{color:#c9c9c9}');
    expect(inlined).toContain(':root[data-mantine-color-scheme=light]{--body:#fff}');
    expect(inlined).toContain(':root[data-mantine-color-scheme=dark]{--body:#242424}');
    expect(inlined).not.toContain('menu-dropdown');
  });

  it('keeps of the variables the ones the page reads, in both schemes', async () => {
    const html = await inlineFrameStyles(page, distDir);
    const inlined = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    expect(inlined).toContain('body{background:var(--body)}');
    expect(inlined).not.toContain('--menu');
  });

  it("paints an unmarked page in the system's scheme: each kept scheme rule has its twin", async () => {
    const html = await inlineFrameStyles(page, distDir);
    const inlined = html.match(/<style>([^<]*)<\/style>/)?.[1] ?? '';
    expect(inlined).toContain(
      '@media (prefers-color-scheme: dark){:root:where(:root):not([data-mantine-color-scheme]){--body:#242424}}',
    );
    expect(inlined).toContain(
      '@media not all and (prefers-color-scheme: dark){:root:where(:root):not([data-mantine-color-scheme]){--body:#fff}}',
    );
    expect(inlined).toContain(
      '@media (prefers-color-scheme: dark){:where(:root):not([data-mantine-color-scheme]) .title{color:#c9c9c9}}',
    );
    expect(inlined).not.toContain('menu-dropdown');
  });

  it('leaves the page as it was otherwise: no marks on <html> or <body>, the link in place', async () => {
    const html = await inlineFrameStyles(page, distDir);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<body>');
    expect(html).not.toContain('beasties');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/vendor-abc.css">');
  });
});

describe('deferStyleSheets', () => {
  const out = deferStyleSheets(page);

  it('names the style sheets in the start script and links them only inside <noscript>', () => {
    expect(out).toContain(
      '<script defer src="/assets/prerendered-start-abc.js" data-styles="/assets/vendor-abc.css" data-entry=',
    );
    expect(out).toContain('<noscript><link rel="stylesheet" href="/assets/vendor-abc.css"></noscript>');
    expect(out.replace(/<noscript>.*<\/noscript>/, '')).not.toContain('rel="stylesheet"');
  });

  it('refuses a page without a style sheet or without the start script', () => {
    expect(() => deferStyleSheets(page.replace(/<link[^>]*>/, ''))).toThrow(/style sheet/);
    expect(() => deferStyleSheets(page.replace(/<script[^>]*><\/script>/, ''))).toThrow(/start script/);
  });
});
