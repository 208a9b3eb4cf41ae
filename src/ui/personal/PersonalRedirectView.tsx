import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ErrorBox } from '@/ui/ErrorBox';

export interface PersonalRedirectViewProps {
  title: string;
  /** While the call or the redirect is under way. */
  busy: boolean;
  /** The failure or the timed-out redirect; null otherwise. */
  errorMessage: string | null;
  onRetry: () => void;
}

/** An act-on-load personal page: 'Redirecting...' while it works, then an error with Retry. */
export function PersonalRedirectView({ title, busy, errorMessage, onRetry }: PersonalRedirectViewProps) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {busy && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text role="status">Redirecting...</Text>
        </Group>
      )}
      {errorMessage && <ErrorBox message={errorMessage} onRetry={onRetry} />}
    </Stack>
  );
}
