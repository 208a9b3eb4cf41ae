import { Group, Loader, Text } from '@mantine/core';
import { ErrorBox } from '@/ui/ErrorBox';

export interface ScreenSetupStatusProps {
  loading: boolean;
  errorMessage: string | null | undefined;
  onRetry: () => void;
}

/** A screen's setup (spec section 8): 'Loading' while it loads, the error with Retry when it failed. */
export function ScreenSetupStatus({ loading, errorMessage, onRetry }: ScreenSetupStatusProps) {
  return (
    <>
      {loading && (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text role="status">Loading</Text>
        </Group>
      )}
      {errorMessage && <ErrorBox message={errorMessage} onRetry={onRetry} />}
    </>
  );
}
