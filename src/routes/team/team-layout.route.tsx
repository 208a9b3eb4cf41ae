import { Container, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';

/** Stands in for the team layout (selector, nav, footer) until its issue builds it. */
export function TeamLayoutPlaceholder() {
  return (
    <Container py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Team Preferences</Title>
          <Text c="dimmed">This page is being built.</Text>
        </Stack>
        <Outlet />
      </Stack>
    </Container>
  );
}
