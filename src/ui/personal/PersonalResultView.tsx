import { Alert, Button, Stack, Title } from '@mantine/core';
import { linkClick, type NavigateHandler } from '@/ui/link-click';

export interface PersonalResultViewProps {
  /** One of the spec's result texts (domain/personal-billing.ts). */
  text: string;
  ok: boolean;
  profileHref: string;
  onNavigate: NavigateHandler;
}

/** Back from the hosted checkout (spec section 2 'Personal pages'): the result and 'Back to profile'. */
export function PersonalResultView({ text, ok, profileHref, onNavigate }: PersonalResultViewProps) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1} size="h2">
        Checkout result
      </Title>
      <Alert color={ok ? 'green' : 'red'} role="status" w="100%">
        {text}
      </Alert>
      <Button component="a" href={profileHref} onClick={linkClick(profileHref, onNavigate)}>
        Back to profile
      </Button>
    </Stack>
  );
}
