import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { isValidEmail } from '@/domain/email';
import classes from './WebLoginView.module.css';

export type WebLoginProvider = 'google' | 'microsoft';

export interface WebLoginViewProps {
  step: 'form' | 'verify';
  /** The address the link went to (verify step). */
  email: string;
  busy: boolean;
  /** The provider button that waits for its redirect. */
  provider: WebLoginProvider | null;
  resent: boolean;
  errorMessage: string | null;
  /** The providers the server can use (index.html says which); none: the mailed link alone. */
  providers: readonly WebLoginProvider[];
  /**
   * false: the page's code is not wired yet (a prerendered page before hydration); the field and
   * the buttons are disabled rather than dead. Default true.
   */
  ready?: boolean;
  /** A valid, trimmed address. */
  onSubmitEmail: (email: string) => void;
  onProvider: (provider: WebLoginProvider) => void;
  onResend: () => void;
  /** The address changed while an error was shown. */
  onEdit: () => void;
}

/**
 * /web-login (spec section 2): the email form with the arrow button (enabled once the address is
 * valid, spec section 5), 'OR' and the provider buttons the server can use; after a link was mailed, 'Verify your
 * email' with 'Send again.'. Terms of Service and Privacy Policy are the public layout's footer links
 * (spec section 2, public layout), once on the page. The form is a native one checked by the shared domain rule: @mantine/form
 * and TextInput would add about 10 KB gz to a public page whose first-visit budget has under 2 KB left
 * (bench/first-visit.ts); the input borrows Mantine's input look through CSS variables.
 */
/** Under an address that cannot be used yet, so the disabled arrow is not the only sign. */
export const EMAIL_HINT = 'Enter a full email address, like name@example.com';

export function WebLoginView(props: WebLoginViewProps) {
  return (
    <Stack className={classes.page} gap="lg">
      {props.step === 'verify' ? <VerifyStep {...props} /> : <EmailStep {...props} />}
      {props.errorMessage && (
        <Text role="alert" c="red" ta="center">
          {props.errorMessage}
        </Text>
      )}
    </Stack>
  );
}

const PROVIDER_BUTTONS: Record<WebLoginProvider, string> = {
  google: 'Continue with Google',
  microsoft: 'Sign in with Microsoft',
};

function EmailStep({
  busy,
  provider,
  providers,
  errorMessage,
  ready = true,
  onSubmitEmail,
  onProvider,
  onEdit,
}: WebLoginViewProps) {
  const [email, setEmail] = useState('');
  // Said once the person has left the field or tried to go on, not at the first letter they type.
  const [attempted, setAttempted] = useState(false);
  const valid = isValidEmail(email.trim());
  const showHint = attempted && email.trim() !== '' && !valid;
  return (
    <>
      <Stack gap={4} ta="center">
        <Title order={1}>Welcome to Spark for Teams</Title>
        <Text size="lg">Let's add your email</Text>
      </Stack>
      <form
        noValidate
        className={classes.form}
        onSubmit={(event) => {
          event.preventDefault();
          setAttempted(true);
          if (valid && !busy) onSubmitEmail(email.trim());
        }}
      >
        <input
          className={classes.email}
          type="email"
          aria-label="Email"
          placeholder="Email"
          autoComplete="email"
          disabled={!ready}
          value={email}
          aria-invalid={showHint}
          aria-describedby={showHint ? 'email-hint' : undefined}
          onBlur={() => setAttempted(true)}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (errorMessage) onEdit();
          }}
        />
        <Button
          type="submit"
          size="md"
          aria-label="Continue"
          disabled={!valid}
          loading={busy && provider === null}
        >
          →
        </Button>
      </form>
      {showHint && (
        <Text id="email-hint" size="sm" className={classes.hint}>
          {EMAIL_HINT}
        </Text>
      )}
      {providers.length > 0 && (
        <>
          <div className={classes.or}>OR</div>
          <Stack gap="sm">
            {providers.map((name) => (
              <Button
                key={name}
                variant="default"
                size="md"
                disabled={busy || !ready}
                loading={provider === name}
                onClick={() => onProvider(name)}
              >
                {PROVIDER_BUTTONS[name]}
              </Button>
            ))}
          </Stack>
        </>
      )}
    </>
  );
}

function VerifyStep({ email, busy, resent, onResend }: WebLoginViewProps) {
  return (
    <Stack gap="sm" ta="center">
      <Title order={1}>Verify your email</Title>
      <Text fw={600}>{email}</Text>
      <Text>We have sent you a link to confirm your account</Text>
      <Text>
        Haven't received a link?{' '}
        <Anchor component="button" type="button" onClick={onResend} disabled={busy} inherit>
          Send again.
        </Anchor>
      </Text>
      {resent && <Text role="status">We have resent you a confirmation link.</Text>}
    </Stack>
  );
}
