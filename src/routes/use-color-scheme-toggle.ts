import { useMantineContext } from '@mantine/core';

/**
 * The scheme shown now and a switch to the other one, for the user menu. The pick is stored (Mantine's
 * colour-scheme manager, src/app/color-scheme.ts), so it holds in this browser over the system's.
 * Mantine's useMantineColorScheme/useComputedColorScheme would do the same but add a media-query
 * hook to every team page's first visit (JS budget); while the scheme is 'auto', the scheme shown is
 * the one Mantine wrote on the root element, read when the menu renders.
 */
export function useColorSchemeToggle(): { colorScheme: 'light' | 'dark'; onToggleColorScheme: () => void } {
  const { colorScheme: chosen, setColorScheme, getRootElement } = useMantineContext();
  const shown =
    chosen === 'auto' ? (getRootElement()?.getAttribute('data-mantine-color-scheme') ?? 'light') : chosen;
  const colorScheme = shown === 'dark' ? 'dark' : 'light';
  return {
    colorScheme,
    onToggleColorScheme: () => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark'),
  };
}
