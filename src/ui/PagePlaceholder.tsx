import { Stack, Text, Title } from '@mantine/core';

export interface PagePlaceholderProps {
  title: string;
}

/** Stands in for a page a later issue builds. It claims no feature. */
export function PagePlaceholder({ title }: PagePlaceholderProps) {
  return (
    <Stack gap="xs" py="md">
      <Title order={2}>{title}</Title>
      <Text c="dimmed">This page is being built.</Text>
    </Stack>
  );
}
