import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '@/app/color-scheme';
import { cssVariablesResolver, theme } from '@/app/theme';

interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off transitions and portals (Mantine's test environment). */
  env?: 'default' | 'test';
}

/**
 * Everything the views need around them: the Mantine theme, in the system's colour scheme unless the
 * user picked one (kept in this browser's storage). The theme's CSS variables are a style sheet
 * written from the theme (theme-variables.css, by scripts/theme-variables.ts), not computed and
 * injected by the provider at every start.
 */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}
