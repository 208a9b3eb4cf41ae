// The theme's CSS variables as a style sheet (src/app/theme-variables.css), written from the theme by
// Mantine itself: what MantineProvider would otherwise compute and inject as a <style> on every
// start (merging the theme, converting every colour, comparing each variable with Mantine's
// defaults: a long task of each first load on a phone). The console's provider turns that off
// (`withCssVariables={false}`) and imports the sheet. After a change to src/app/theme.ts:
//   npx tsx scripts/theme-variables.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { cssVariablesResolver, theme } from '../src/app/theme';

export const THEME_VARIABLES_FILE = path.resolve(import.meta.dirname, '../src/app/theme-variables.css');

const HEADER =
  "/* Written by scripts/theme-variables.ts from src/app/theme.ts: the theme's CSS variables, as\n" +
  '   MantineProvider would inject them. Do not edit; run `npx tsx scripts/theme-variables.ts`. */\n';

/** The style sheet MantineProvider renders for the console's theme, with a header naming its source. */
export function themeVariablesCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, withGlobalClasses: false }),
  );
  const style = /^<style data-mantine-styles="true">([\s\S]*)<\/style>$/.exec(html);
  if (!style?.[1]) throw new Error(`MantineProvider rendered no CSS variables: ${html.slice(0, 200)}`);
  // One rule per line, so a change to the theme reads as a diff.
  const rules = style[1]
    .split('}')
    .map((rule) => rule.trim())
    .filter(Boolean);
  return `${HEADER}${rules.map((rule) => `${rule}}\n`).join('')}`;
}

if (import.meta.filename === process.argv[1]) {
  writeFileSync(THEME_VARIABLES_FILE, themeVariablesCss());
  console.log(`wrote ${path.relative(process.cwd(), THEME_VARIABLES_FILE)}`);
}
