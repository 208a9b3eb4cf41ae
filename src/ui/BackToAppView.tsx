import { Loader, Stack, Text } from '@mantine/core';
import { HiddenPageTitle } from '@/ui/HiddenPageTitle';

export type BackToAppStatus = 'loading' | 'redirecting' | 'invalid' | 'failed';

const texts: Record<BackToAppStatus, string> = {
  loading: 'Loading, please wait...',
  redirecting: 'Redirecting back to Spark...',
  invalid: 'Redirect key is invalid.',
  failed: 'Unknown error.',
};

/** /back-to-app (spec sections 2 and 8): one line per step, letter for letter. */
export function BackToAppView({ status }: { status: BackToAppStatus }) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center" role="status" aria-live="polite">
      <HiddenPageTitle>Back to Spark</HiddenPageTitle>
      {(status === 'loading' || status === 'redirecting') && <Loader size="sm" />}
      <Text>{texts[status]}</Text>
    </Stack>
  );
}
