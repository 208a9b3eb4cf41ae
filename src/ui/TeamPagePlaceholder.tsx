import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TeamPagePlaceholderProps {
  /** The page's heading, as the page itself shows it; none for a page without one (members). */
  title?: string | null;
  /** The page's own placeholders under 'Loading' (the billing page's blocks). */
  children?: ReactNode;
}

/**
 * A team page's start while its data loads: its heading and 'Loading', laid out as the page lays
 * them out when it renders loading, so the frame painted from HTML and the page that replaces it
 * line up.
 */
export function TeamPagePlaceholder({ title, children }: TeamPagePlaceholderProps) {
  return (
    <Stack gap="md">
      {title && <Title order={2}>{title}</Title>}
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text role="status">Loading</Text>
      </Group>
      {children}
    </Stack>
  );
}
