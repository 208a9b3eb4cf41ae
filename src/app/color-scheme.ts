// The console's colour scheme (dark mode): the system's preference until the user picks
// one in the user menu; the pick is kept per browser under the storage-key prefix.
import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';
import { STORAGE_KEY_PREFIX } from '@/app/config';

export const COLOR_SCHEME_STORAGE_KEY = `${STORAGE_KEY_PREFIX}color-scheme`;

export const colorSchemeManager: MantineColorSchemeManager = localStorageColorSchemeManager({
  key: COLOR_SCHEME_STORAGE_KEY,
});

/** The scheme to show: the stored pick, else the system's. */
export function resolvedColorScheme(
  manager: MantineColorSchemeManager,
  systemPrefersDark: boolean,
): 'light' | 'dark' {
  const stored = manager.get('auto');
  if (stored === 'light' || stored === 'dark') return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

/**
 * Marks <html> with the scheme before React's first render. Mantine's ColorSchemeScript would do this
 * earlier, but it is an inline script and the CSP forbids those; until this module runs the empty
 * page follows the system preference by CSS alone (color-scheme.css).
 */
export function markColorScheme(root: HTMLElement, win: Window): void {
  const dark = win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  root.setAttribute('data-mantine-color-scheme', resolvedColorScheme(colorSchemeManager, dark));
}
