// A Vite plugin for the production build: the public pages a visitor opens from a link, and the
// team pages' frame, ship their first frame in the HTML (src/prerender/). After the console's build it builds
// src/prerender/prerender-entry.tsx for Node with the same configuration (so CSS module class names
// match), renders each page, and writes dist/prerendered/<page>.html: index.html with the page's
// frame in #root, its title, the style rules the frame uses inlined (scripts/prerender-styles.ts),
// and a deferred script (no inline script: the CSP forbids it) that marks the colour scheme and asks
// for the style sheets and the code once the frame has painted. The server answers each page's
// addresses with it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { colorSchemeCookie } from '../src/domain/color-scheme-cookie.ts';
import type { RenderedPage } from '../src/prerender/prerender-entry';
import { deferStyleSheets, inlineFrameStyles } from './prerender-styles.ts';

export const PRERENDERED_DIR = 'prerendered';
/** What the server reads: each page's route pattern, file and (/web-login) sign-in providers. */
export const PRERENDERED_MANIFEST = 'pages.json';

const ENTRY = 'src/prerender/prerender-entry.tsx';
const START_SCRIPT = 'prerendered-start.js';
/** The team pages' start script: the same, after a login link's exchange begun (team-start.ts). */
const TEAM_START_SCRIPT = 'prerendered-team-start.js';
const TEAM_START_ENTRY = 'src/prerender/team-start.ts';
const PAINT_WAIT_MS = 3000;
/** Preloads added per task: each starts a request, about a millisecond's work on a slow machine. */
const PRELOAD_BATCH = 6;

/**
 * What a prerendered page runs first, from a deferred classic script file (the CSP allows no inline
 * script), so that nothing holds the first paint but the HTML. The paint is in the right colour
 * scheme without it: the server marks <html> with a picked scheme from its cookie, and the inlined
 * rules follow the system's preference on an unmarked page (prerender-styles.ts). Once the frame has
 * painted, the script asks for the console's style sheets (data-styles: the frame's rules are
 * inlined), then, in tasks of their own, the code's preloads (data-preload: the entry's chunks, then
 * those of the page's route groups, PRELOAD_BATCH a task) and, last, its code (data-entry): every
 * element added starts a request, and the twenty or so of a team page together made a task long
 * enough to block the main thread (decision 056). They are asked for once
 * the browser reports the first contentful paint (a frame callback alone runs before the frame is
 * shown), so they never share the slow network with the paint. That paint may show only the top of
 * the page when the parser yielded half-way through the body; then they wait for a frame after the
 * whole document is parsed, so that the page's largest text (its LCP) is painted before they are
 * asked for. A hidden tab paints nothing, so it starts at once; a browser without paint timing
 * waits one frame; a paint that never comes is waited for PAINT_WAIT_MS at most. In a hidden tab the
 * requests are not spread over tasks: no one is waiting on its main thread, and the browser runs a
 * hidden page's timers at most once a second. Last, in a task of
 * its own, it corrects a mark that is not the stored pick (a cookie missing, stale or refused), and
 * the cookie with it. Only then: the first read of storage is a synchronous call to the browser
 * (milliseconds on a fresh profile), kept off the path to the first paint, and marking a page that
 * already shows the right scheme would restyle and lay out the whole frame again for nothing
 * (app/color-scheme.ts marks it as the console starts).
 */
export function startScript(storageKey: string, first = ''): string {
  const cookies = {
    light: colorSchemeCookie('light', false),
    dark: colorSchemeCookie('dark', false),
    none: colorSchemeCookie(null, false),
  };
  // A failure of the first part must not keep the colour scheme or the console's code from coming.
  return `${first ? `try{${first.trim()}}catch(e){}\n` : ''}(function(){
function scheme(){try{var s=localStorage.getItem(${JSON.stringify(storageKey)}),p=s==="light"||s==="dark"?s:null,r=document.documentElement,a="data-mantine-color-scheme";
if(r.getAttribute(a)!==p){if(p)r.setAttribute(a,p);else r.removeAttribute(a);document.cookie=${JSON.stringify(cookies)}[p||"none"]+(location.protocol==="https:"?"; Secure":"")}}catch(e){}}
var me=document.currentScript,started=false;
function add(tag,props){var e=document.createElement(tag);e.crossOrigin="";for(var k in props)e[k]=props[k];document.head.appendChild(e)}
function soon(f){if(document.visibilityState==="hidden")f();else setTimeout(f,0)}
function code(){var l=(me.getAttribute("data-preload")||"").split(" ").filter(function(h){return h});
function batch(){l.splice(0,${PRELOAD_BATCH}).forEach(function(h){add("link",{rel:"modulepreload",href:h})});if(l.length){soon(batch);return}add("script",{type:"module",src:me.getAttribute("data-entry")});setTimeout(scheme,0)}
batch()}
function start(){if(started)return;started=true;(me.getAttribute("data-styles")||"").split(" ").forEach(function(h){if(h)add("link",{rel:"stylesheet",href:h})});soon(code)}
function afterWholePage(paintTime){var n=performance.getEntriesByType&&performance.getEntriesByType("navigation")[0];
if(n&&n.domContentLoadedEventStart>0&&n.domContentLoadedEventStart<=paintTime){setTimeout(start,0);return}
function next(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",next);else next()}
function whenPainted(){if(document.visibilityState==="hidden"){setTimeout(start,0);return}
var types=typeof PerformanceObserver==="function"&&PerformanceObserver.supportedEntryTypes||[];
if(types.indexOf("paint")<0){requestAnimationFrame(function(){setTimeout(start,0)});return}
var seen=new PerformanceObserver(function(list){var p=list.getEntriesByName("first-contentful-paint")[0];if(p){seen.disconnect();afterWholePage(p.startTime)}});
seen.observe({type:"paint",buffered:true});document.addEventListener("visibilitychange",start);setTimeout(start,${PAINT_WAIT_MS})}
whenPainted()})();
`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html made into one prerendered page: the frame in #root, the page's title, and the console's
 * code started by the start script after first paint instead of by index.html's module tags.
 */
export function prerenderedHtml(
  indexHtml: string,
  page: RenderedPage,
  startSrc: string,
  styles: readonly string[] = [],
  scripts: readonly string[] = [],
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  const entries = [...indexHtml.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error('index.html has no single module script');
  const entryPreloads = [...indexHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  // The page's own chunks after the entry's: asked for with them, not once the entry has run and
  // its route loads ask (a round trip later, and each link added inside React's first render).
  const preloads = [...new Set([...entryPreloads, ...scripts])].filter((file) => file !== entries[0]);
  // React finishes a Suspense boundary that was still waiting with an inline script: the CSP would
  // block it, and the page would stay at its fallback.
  if (/<script\b(?![^>]*\ssrc=)/.test(page.html))
    throw new Error(`${page.file}: an inline script in the frame`);
  const start = `<script defer src="${startSrc}" data-entry="${entries[0]}" data-preload="${preloads.join(' ')}"></script>`;
  // The page's own style sheets beside index.html's, so the frame paints styled, not shifted when
  // its chunks' CSS arrives; the chunks' loader then finds them in place and asks for nothing again.
  const links = styles
    .filter((href) => !indexHtml.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  return indexHtml
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `${links.map((link) => `  ${link}\n`).join('')}</head>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `  ${start}\n  </head>`)
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

/**
 * The team pages' first part, built for the browser as one classic script: the same aliases and
 * environment as the console, without this build's plugins (no nested prerender).
 */
async function buildTeamStart(config: ResolvedConfig): Promise<string> {
  const output = await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    resolve: { alias: config.resolve.alias },
    define: config.define,
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: path.resolve(config.root, TEAM_START_ENTRY),
        output: { format: 'iife' },
        // Its modules are pure; left to itself, the bundler keeps their unused constants' values.
        treeshake: { moduleSideEffects: false },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  );
  const chunk = chunks.find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error(`${TEAM_START_ENTRY} built into nothing`);
  return chunk.code;
}

/**
 * The style sheets a page's route groups load with their chunks and the chunks those import, as
 * root-relative addresses, from the build's output.
 */
export function groupStyles(bundle: Rolldown.OutputBundle, groups: readonly string[]): string[] {
  const styles = new Set<string>();
  for (const chunk of groupChunks(bundle, groups)) {
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
  }
  return [...styles];
}

/** The chunks of the route groups named and every chunk they import statically, each once. */
function groupChunks(bundle: Rolldown.OutputBundle, groups: readonly string[]): Rolldown.OutputChunk[] {
  const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const stack = chunks.filter((chunk) =>
    groups.some((group) => chunk.facadeModuleId?.endsWith(`/${group}.group.ts`)),
  );
  const seen = new Set<Rolldown.OutputChunk>();
  for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) stack.push(imported);
    }
  }
  return [...seen];
}

/**
 * The code a page's route groups load: their chunks and the chunks those import, as root-relative
 * addresses, from the build's output (the entry's own among them where shared; the caller drops those).
 */
export function groupScripts(bundle: Rolldown.OutputBundle, groups: readonly string[]): string[] {
  return groupChunks(bundle, groups).map((chunk) => `/${chunk.fileName}`);
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'spark-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      if (config.build.ssr) return;
      const prefix = config.env.VITE_STORAGE_PREFIX ?? 'spark-console:';
      this.emitFile({
        type: 'asset',
        name: START_SCRIPT,
        source: startScript(`${prefix}color-scheme`),
      });
      this.emitFile({
        type: 'asset',
        name: TEAM_START_SCRIPT,
        source: startScript(`${prefix}color-scheme`, await buildTeamStart(config)),
      });
    },
    async writeBundle(_options, bundle) {
      if (config.build.ssr) return;
      const start = Object.values(bundle).find((file) => file.name === START_SCRIPT);
      const teamStart = Object.values(bundle).find((file) => file.name === TEAM_START_SCRIPT);
      if (!start || !teamStart) throw new Error('the start scripts were not emitted');
      const distDir = path.resolve(config.root, config.build.outDir);
      const indexHtml = await readFile(path.join(distDir, 'index.html'), 'utf8');
      const { pages, consolePaths } = await renderPages(config);
      const folder = path.join(distDir, PRERENDERED_DIR);
      await mkdir(folder, { recursive: true });
      for (const page of pages) {
        const script = page.team ? teamStart : start;
        const html = prerenderedHtml(
          indexHtml,
          page,
          `/${script.fileName}`,
          groupStyles(bundle, page.groups),
          groupScripts(bundle, page.groups),
        );
        await writeFile(
          path.join(folder, page.file),
          deferStyleSheets(await inlineFrameStyles(html, distDir)),
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
