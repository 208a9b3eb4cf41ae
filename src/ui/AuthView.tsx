import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { HiddenTokenForm } from '@/ui/TokenForm';

/** loading: a login is under way; invalid: the token was refused (spec section 8, 1200 or 401). */
export type AuthViewState = 'loading' | 'invalid' | 'loggedOut' | 'loggedIn';

export interface AuthViewProps {
  state: AuthViewState;
  /** The Spark app deep link that signs the user in. */
  deepLinkHref: string;
  onLogout: () => void;
  /** From the manual form: the trimmed token, blank meaning log out. */
  onSubmitToken: (token: string) => void;
}

/** /auth and /auth/session-expired (spec section 2). */
export function AuthView({ state, deepLinkHref, onLogout, onSubmitToken }: AuthViewProps) {
  if (state === 'loading') {
    return (
      <Group justify="center" gap="xs" py="xl">
        <h1 className="visually-hidden">Sign in</h1>
        <Loader size="sm" aria-hidden />
        <Text role="status">Loading...</Text>
      </Group>
    );
  }
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <h1 className="visually-hidden">Sign in</h1>
      {state === 'invalid' && (
        <Text role="alert" c="red" fw={500}>
          Token is invalid
        </Text>
      )}
      {state === 'loggedIn' ? (
        <Button variant="default" onClick={onLogout}>
          Log out
        </Button>
      ) : (
        <Button component="a" href={deepLinkHref} size="md">
          Log in with Spark
        </Button>
      )}
      {/* The page's own 'Log out' serves a logged-in user, so the form shows none. */}
      <HiddenTokenForm loggedIn={state === 'loggedIn'} onSubmit={onSubmitToken} />
    </Stack>
  );
}
