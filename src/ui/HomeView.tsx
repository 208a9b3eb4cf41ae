import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorBox } from '@/ui/ErrorBox';

export interface HomeViewProps {
  /** The expanded team selector. */
  selector: ReactNode;
  /** Why the teams could not be loaded, or null. */
  error: string | null;
  onRetry: () => void;
}

/** The home page: welcome and pick a team, or the pick-a-team error state (spec section 2, home). */
export function HomeView({ selector, error, onRetry }: HomeViewProps) {
  return (
    <Stack gap="md" maw={480} mx="auto">
      <Title order={1}>Welcome</Title>
      <Text>Pick a team to start</Text>
      {error === null ? selector : <ErrorBox message={error} onRetry={onRetry} />}
    </Stack>
  );
}
