import { Button, Stack, Text, Title } from '@mantine/core';
import { HiddenTokenForm } from '@/ui/TokenForm';

export interface LoginViewProps {
  loggedIn: boolean;
  /** The Spark app deep link that signs the user in again. */
  deepLinkHref: string;
  /** From the manual form: the trimmed token, blank meaning log out. */
  onSubmitToken: (token: string) => void;
  onLogout: () => void;
  busy?: boolean;
}

/** /login without a token (spec section 2): session expired, sign in again through the app. */
export function LoginView({ loggedIn, deepLinkHref, onSubmitToken, onLogout, busy = false }: LoginViewProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>Session expired</Title>
      <Text c="dimmed">You were logged out due to inactivity</Text>
      <Button component="a" href={deepLinkHref} size="md">
        Log In with Spark
      </Button>
      <HiddenTokenForm loggedIn={loggedIn} busy={busy} onSubmit={onSubmitToken} onLogout={onLogout} />
    </Stack>
  );
}
