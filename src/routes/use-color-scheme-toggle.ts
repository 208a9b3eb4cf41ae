import { useMantineContext } from '@mantine/core';
import { colorSchemeCookie } from '@/domain/color-scheme-cookie';

/**
 * The scheme shown now and a switch to the other one, for the user menu. The pick is stored (Mantine's
 * colour-scheme manager, src/app/color-scheme.ts), so it holds in this browser over the system's.
 * Mantine's useMantineColorScheme/useComputedColorScheme would do the same but add a media-query
 * hook to every team page's first visit (JS budget); while the scheme is 'auto', the scheme shown is
 * the one Mantine wrote on the root element, read when the menu renders. The pick also goes into a
 * cookie, so that the server's next page paints in it before any script runs.
 */
export function useColorSchemeToggle(): { colorScheme: 'light' | 'dark'; onToggleColorScheme: () => void } {
  const { colorScheme: chosen, setColorScheme, getRootElement } = useMantineContext();
  const shown =
    chosen === 'auto' ? (getRootElement()?.getAttribute('data-mantine-color-scheme') ?? 'light') : chosen;
  const colorScheme = shown === 'dark' ? 'dark' : 'light';
  return {
    colorScheme,
    onToggleColorScheme: () => {
      const picked = colorScheme === 'dark' ? 'light' : 'dark';
      setColorScheme(picked);
      // biome-ignore lint/suspicious/noDocumentCookie: written at once, before a reload could ask for the next page (the Cookie Store API is asynchronous).
      document.cookie = colorSchemeCookie(picked, location.protocol === 'https:');
    },
  };
}
