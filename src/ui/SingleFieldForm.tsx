import { Button, type MantineSize, TextInput, type TextInputProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { FieldError } from '@/domain/error-codes';
import { fieldErrorText } from '@/domain/field-errors';
import classes from './SingleFieldForm.module.css';

export interface SingleFieldFormProps {
  /** The domain rule the value must pass (spec section 5); its error reads as field plus message. */
  rule: (value: string) => FieldError | null;
  initialValue?: string;
  /** The server's complaint about the field, shown under it until the value changes. */
  serverError?: string | null;
  /** The value changed while the server's complaint was shown. */
  onEdit?: () => void;
  busy?: boolean;
  submitLabel: string;
  /** A value that passed the rule, as typed. */
  onSubmit: (value: string) => void;
  /** The text field's label (or aria-label), description, placeholder and the like. */
  inputProps: Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'error' | 'size'>;
  size?: MantineSize;
  className?: string;
  /** Buttons after the submit button (Cancel). */
  children?: ReactNode;
}

/**
 * One text field and its submit button beside the input (below the label, above the message),
 * uncontrolled: the invite form, 'Your Full Name' and the team name share it. One field and one rule
 * need no form library: @mantine/form and a zod schema around the rule were 11 KB gz on the members
 * page's first visit. As they did: the rule runs on submit, a complaint (the rule's or
 * the server's) shows under the field until the value changes, a passing submit clears it.
 */
export function SingleFieldForm({
  rule,
  initialValue = '',
  serverError = null,
  onEdit,
  busy = false,
  submitLabel,
  onSubmit,
  inputProps,
  size,
  className,
  children,
}: SingleFieldFormProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // The server answers after the submit: its complaint shows as the rule's would, and typing clears it.
  useEffect(() => {
    if (serverError) setError(serverError);
  }, [serverError]);

  return (
    <form
      noValidate
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const value = inputRef.current?.value ?? '';
        const complaint = rule(value);
        setError(complaint ? fieldErrorText(complaint) : null);
        if (!complaint) onSubmit(value);
      }}
    >
      <TextInput
        {...inputProps}
        ref={inputRef}
        size={size}
        defaultValue={initialValue}
        error={error}
        onChange={() => {
          setError(null);
          if (serverError) onEdit?.();
        }}
        inputContainer={(input) => (
          <div className={classes.row}>
            <div className={classes.input}>{input}</div>
            <Button type="submit" size={size} loading={busy} className={classes.button}>
              {submitLabel}
            </Button>
            {children}
          </div>
        )}
      />
    </form>
  );
}
