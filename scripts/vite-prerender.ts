// A Vite plugin for the production build: the public pages a visitor opens from a link ship their
// first frame in the HTML (src/prerender/). After the console's build it builds
// src/prerender/prerender-entry.tsx for Node with the same configuration (so CSS module class names
// match), renders each page, and writes dist/prerendered/<page>.html: index.html with the page's
// frame in #root, its title, and a blocking script that marks the colour scheme before the frame
// paints (no inline script: the CSP forbids it). The server answers each page's addresses with it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { RenderedPage } from '../src/prerender/prerender-entry';

export const PRERENDERED_DIR = 'prerendered';
/** What the server reads: each page's route pattern, file and (/web-login) sign-in providers. */
export const PRERENDERED_MANIFEST = 'pages.json';

const ENTRY = 'src/prerender/prerender-entry.tsx';

/**
 * The colour scheme on <html> before first paint, as app/color-scheme.ts sets it once the console
 * runs: the stored pick, else the system's. A classic script in <head>, fetched beside the styles.
 */
export function colorSchemeScript(storageKey: string): string {
  return `try{var s=localStorage.getItem(${JSON.stringify(storageKey)});document.documentElement.setAttribute("data-mantine-color-scheme",s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")}catch(e){}\n`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html made into one prerendered page. The module script and its preloads go at low priority:
 * the page paints from its HTML and styles, its code only hydrates it.
 */
export function prerenderedHtml(indexHtml: string, page: RenderedPage, colorSchemeSrc: string): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `  <script src="${colorSchemeSrc}"></script>\n  </head>`)
    .replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ')
    .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
    .replace(root, `<div id="root">${page.html}</div>`);
}

/**
 * Builds the prerender module for Node into a temporary folder and renders every page with it. The
 * folder is in the project, so the module finds its packages in node_modules.
 */
async function renderPages(
  config: ResolvedConfig,
): Promise<{ pages: RenderedPage[]; consolePaths: string[] }> {
  const outDir = await mkdtemp(path.join(config.root, '.prerender-'));
  try {
    await build({
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'warn',
      build: {
        ssr: ENTRY,
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: false,
        manifest: false,
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
    const entry = path.join(outDir, `${path.basename(ENTRY, '.tsx')}.js`);
    const module = (await import(pathToFileURL(entry).href)) as {
      renderPages: () => Promise<RenderedPage[]>;
      consolePaths: () => string[];
    };
    return { pages: await module.renderPages(), consolePaths: module.consolePaths() };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'spark-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle() {
      if (config.build.ssr) return;
      const prefix = config.env.VITE_STORAGE_PREFIX ?? 'spark-console:';
      this.emitFile({
        type: 'asset',
        name: 'color-scheme.js',
        source: colorSchemeScript(`${prefix}color-scheme`),
      });
    },
    async writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const colorScheme = Object.values(bundle).find((file) => file.name === 'color-scheme.js');
      if (!colorScheme) throw new Error('the colour scheme script was not emitted');
      const distDir = path.resolve(config.root, config.build.outDir);
      const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
      const { pages, consolePaths } = await renderPages(config);
      const folder = path.join(distDir, PRERENDERED_DIR);
      await mkdir(folder, { recursive: true });
      for (const page of pages) {
        await writeFile(
          path.join(folder, page.file),
          prerenderedHtml(indexHtml, page, `/${colorScheme.fileName}`),
        );
      }
      const manifest = {
        pages: pages.map(({ route, file, path: pattern, signInProviders }) => ({
          route,
          file,
          path: pattern,
          ...(signInProviders ? { signInProviders } : {}),
        })),
        consolePaths,
      };
      await writeFile(path.join(folder, PRERENDERED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
