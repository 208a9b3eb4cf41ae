import { Button, Stack, Text, Title } from '@mantine/core';
import { HiddenTokenForm } from '@/ui/TokenForm';

export interface LoginViewProps {
  loggedIn: boolean;
  /** The session ended by a deliberate logout: no word of inactivity. */
  loggedOutOnPurpose?: boolean;
  /** The Spark app deep link that signs the user in again. */
  deepLinkHref: string;
  /** From the manual form: the trimmed token, blank meaning log out. */
  onSubmitToken: (token: string) => void;
  onLogout: () => void;
  busy?: boolean;
}

/**
 * /login without a token (spec section 2): session expired, sign in again through the app. After a
 * deliberate logout the heading and line say that instead (the spec has no words for it).
 */
export function LoginView({
  loggedIn,
  loggedOutOnPurpose = false,
  deepLinkHref,
  onSubmitToken,
  onLogout,
  busy = false,
}: LoginViewProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Title order={1}>{loggedOutOnPurpose ? 'Logged out' : 'Session expired'}</Title>
      <Text c="dimmed">
        {loggedOutOnPurpose ? 'You have logged out.' : 'You were logged out due to inactivity'}
      </Text>
      <Button component="a" href={deepLinkHref} size="md">
        Log In with Spark
      </Button>
      <HiddenTokenForm loggedIn={loggedIn} busy={busy} onSubmit={onSubmitToken} onLogout={onLogout} />
    </Stack>
  );
}
