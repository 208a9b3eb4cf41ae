import { Stack, Text, Title } from '@mantine/core';

/** What a signed-in person who is not staff sees on an internal page. */
export function StaffOnly({ title }: { title: string }) {
  return (
    <Stack py="xl" align="center" ta="center">
      <Title order={1}>{title}</Title>
      <Text>This page is for Spark staff only. Ask an administrator if you need access.</Text>
    </Stack>
  );
}
