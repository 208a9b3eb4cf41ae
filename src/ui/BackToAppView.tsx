import { Loader, Stack, Text } from '@mantine/core';

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
      <h1 className="visually-hidden">Back to Spark</h1>
      {(status === 'loading' || status === 'redirecting') && <Loader size="sm" />}
      <Text>{texts[status]}</Text>
    </Stack>
  );
}
