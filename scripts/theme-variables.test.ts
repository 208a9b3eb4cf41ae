import { readFileSync } from 'node:fs';
import { THEME_VARIABLES_FILE, themeVariablesCss } from './theme-variables';

describe('the theme variables style sheet', () => {
  it('is what MantineProvider renders for the theme today (after a theme change: npx tsx scripts/theme-variables.ts)', () => {
    expect(readFileSync(THEME_VARIABLES_FILE, 'utf8')).toBe(themeVariablesCss());
  });

  it("carries the console's own choices: the primary shade, the headings' weight, the readable dimmed text", () => {
    const css = themeVariablesCss();
    expect(css).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
    expect(css).toContain('--mantine-heading-font-weight: 600');
    expect(css).toMatch(
      /\[data-mantine-color-scheme="light"\][^}]*--mantine-color-dimmed: var\(--mantine-color-gray-7\)/,
    );
    expect(css).toMatch(
      /\[data-mantine-color-scheme="dark"\][^}]*--mantine-color-dimmed: var\(--mantine-color-dark-1\)/,
    );
  });
});
