import { Button, Stack, Text, Title } from '@mantine/core';

export interface AppErrorProps {
  message: string;
  onReload: () => void;
}

/** Last-resort screen when rendering or loading a page failed. */
export function AppError({ message, onReload }: AppErrorProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>Something went wrong</Title>
      <Text c="dimmed">{message}</Text>
      <Button onClick={onReload}>Reload the page</Button>
    </Stack>
  );
}
