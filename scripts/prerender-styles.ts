// The prerendered pages' styles: the rules the frame uses are inlined in <head> (Beasties picks them
// by matching each selector against the page), and the style sheets themselves are asked for by the
// start script once the frame has painted. The first paint then waits for the HTML alone, as a plain
// page does; the whole sheets arrive before the console's code renders anything new. Of the custom
// properties the inlined rules declare, only those the page reads are kept
// (prerender-custom-properties.ts), and the scheme rules follow the system's preference until <html>
// is marked (prerender-color-scheme.ts).
import Beasties, { type Options } from 'beasties';
import { withSystemSchemeTwins } from './prerender-color-scheme.ts';
import { pruneCustomProperties } from './prerender-custom-properties.ts';

const STYLE_SHEET_LINK = /\s*<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g;
const START_SCRIPT_TAG = /<script defer src="([^"]+)" data-entry=/;

/**
 * index.html's colour scheme is set on <html> by the start script, so the build cannot know it: the
 * page is matched with the light scheme on <html> and the dark one on <body>, so that both schemes'
 * rules for the frame's elements are kept; the two variable blocks on :root are kept by name.
 */
const MATCH_LIGHT_ROOT = ['<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">'] as const;
const MATCH_DARK_BODY = ['<body>', '<body data-mantine-color-scheme="dark">'] as const;
const SCHEME_VARIABLES = /^:root\[data-mantine-color-scheme=(light|dark)\]/;

/** The page with the rules its frame uses inlined; its style sheet links are left where they are. */
export async function inlineFrameStyles(html: string, distDir: string): Promise<string> {
  for (const [tag] of [MATCH_LIGHT_ROOT, MATCH_DARK_BODY]) {
    if (!html.includes(tag)) throw new Error(`the page has no ${tag} to match the colour schemes on`);
  }
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    // The links are moved by deferStyleSheets, which knows the start script. `false` (leave them
    // alone) is documented in Beasties' README but missing from its types.
    preload: false as unknown as Options['preload'],
    pruneSource: false,
    // Mantine's own <style> in #root is the theme's variables, all of them used.
    reduceInlineStyles: false,
    inlineFonts: false,
    allowRules: [SCHEME_VARIABLES],
    logLevel: 'warn',
  });
  const marked = html.replace(...MATCH_LIGHT_ROOT).replace(...MATCH_DARK_BODY);
  const inlined = (await beasties.process(marked))
    .replace(' data-beasties-container', '')
    .replace(MATCH_LIGHT_ROOT[1], MATCH_LIGHT_ROOT[0])
    .replace(MATCH_DARK_BODY[1], MATCH_DARK_BODY[0]);
  if (/<(html|body)[^>]*data-mantine-color-scheme/.test(inlined)) {
    throw new Error('the colour scheme marks made for matching were left in the page');
  }
  return withSchemeTwinsInHead(withReadCustomPropertiesOnly(inlined));
}

const HEAD_STYLE = /(<head>(?:(?!<\/head>)[\s\S])*?<style>)([\s\S]*?)(<\/style>)/;

/** The rules inlined in <head> without the custom properties nothing on the page reads. */
function withReadCustomPropertiesOnly(html: string): string {
  const style = HEAD_STYLE.exec(html);
  if (!style) throw new Error('the page has no inlined style rules in <head>');
  const [whole, open = '', css = '', close = ''] = style;
  const elsewhere = html.slice(0, style.index) + open + close + html.slice(style.index + whole.length);
  return html.replace(HEAD_STYLE, () => open + pruneCustomProperties(css, elsewhere) + close);
}

/** The rules inlined in <head> painting an unmarked page in the system's colour scheme. */
function withSchemeTwinsInHead(html: string): string {
  return html.replace(
    HEAD_STYLE,
    (_whole, open: string, css: string, close: string) => open + withSystemSchemeTwins(css) + close,
  );
}

/**
 * The page's style sheet links taken out of the render path: named in the start script's
 * data-styles (it adds them once the frame has painted), and kept in a <noscript> for a browser
 * without scripts.
 */
export function deferStyleSheets(html: string): string {
  const hrefs = [...html.matchAll(STYLE_SHEET_LINK)].map((match) => match[1]);
  if (hrefs.length === 0) throw new Error('the page links no style sheet');
  if (!START_SCRIPT_TAG.test(html)) throw new Error('the page has no start script to add the style sheets');
  const noscript = `<noscript>${hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</noscript>`;
  return html
    .replace(STYLE_SHEET_LINK, '')
    .replace(START_SCRIPT_TAG, (tag) =>
      tag.replace(' data-entry=', ` data-styles="${hrefs.join(' ')}" data-entry=`),
    )
    .replace('</head>', `  ${noscript}\n  </head>`);
}
