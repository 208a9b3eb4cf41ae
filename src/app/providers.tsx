import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';

interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off transitions and portals (Mantine's test environment). */
  env?: 'default' | 'test';
}

/** Everything the views need around them: the Mantine theme now; app-wide actors join later. */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
