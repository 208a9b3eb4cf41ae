import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type FormEvent, useId } from 'react';
import classes from './TokenForm.module.css';

export interface TokenFormProps {
  loggedIn: boolean;
  /** A login or logout is under way. */
  busy?: boolean;
  /** The trimmed token; a blank one means log out (spec section 4). */
  onSubmit: (token: string) => void;
  /** With it, a logged-in user also gets a 'Log out' button here. */
  onLogout?: () => void;
}

/** Sign in by pasting a token (spec section 2, /login and /auth). */
export function TokenForm({ loggedIn, busy = false, onSubmit, onLogout }: TokenFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const token = new FormData(event.currentTarget).get('token');
    onSubmit(typeof token === 'string' ? token.trim() : '');
  };
  return (
    <form className={classes.form} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          name="token"
          label="Token"
          description={loggedIn ? 'You are logged in. Use blank token to log out' : 'You are logged out'}
          autoComplete="off"
          spellCheck={false}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            Log in
          </Button>
          {loggedIn && onLogout && (
            <Button variant="default" onClick={onLogout} disabled={busy}>
              Log out
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The token form behind an unobtrusive toggle, as the spec's 'hidden toggle'. */
export function HiddenTokenForm(props: TokenFormProps) {
  const [opened, { toggle }] = useDisclosure(false);
  const formId = useId();
  return (
    <Stack align="center" gap="sm" w="100%">
      <ActionIcon
        className={classes.toggle}
        variant="subtle"
        color="gray"
        size="sm"
        aria-label="Enter token manually"
        aria-expanded={opened}
        aria-controls={opened ? formId : undefined}
        onClick={toggle}
      >
        <KeyIcon />
      </ActionIcon>
      {opened && (
        <div id={formId} className={classes.form}>
          <TokenForm {...props} />
        </div>
      )}
    </Stack>
  );
}

function KeyIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="M10.7 12.3 21 2m-4 4 3 3m-6-1 2 2" />
    </svg>
  );
}
