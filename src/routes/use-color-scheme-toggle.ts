import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

/**
 * The scheme shown now and a switch to the other one, for the user menu. The pick is stored (Mantine's
 * colour-scheme manager, src/app/color-scheme.ts), so it holds in this browser over the system's.
 */
export function useColorSchemeToggle(): { colorScheme: 'light' | 'dark'; onToggleColorScheme: () => void } {
  const { setColorScheme } = useMantineColorScheme();
  const colorScheme = useComputedColorScheme('light');
  return {
    colorScheme,
    onToggleColorScheme: () => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark'),
  };
}
