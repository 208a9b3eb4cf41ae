import { Button, type MantineSize, TextInput, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { type ReactNode, useEffect, useMemo } from 'react';
// zod/mini: the same schemas as zod's chained API, tree-shaken to what is used (about 20 KB gz less).
import * as z from 'zod/mini';
import type { FieldError } from '@/domain/error-codes';
import { fieldErrorText } from '@/domain/field-errors';
import classes from './SingleFieldForm.module.css';

const FIELD = 'value';

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
 * One text field and its submit button beside the input (below the label, above the message), in
 * uncontrolled mode: the invite form, 'Your Full Name' and the team name share it.
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
  const schema = useMemo(
    () =>
      z.object({
        [FIELD]: z.string().check(
          z.superRefine((value, context) => {
            const error = rule(value);
            if (error) context.addIssue({ code: 'custom', message: fieldErrorText(error) });
          }),
        ),
      }),
    [rule],
  );
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { [FIELD]: initialValue },
    validate: schemaResolver(schema, { sync: true }),
    onValuesChange: () => {
      if (serverError) onEdit?.();
    },
  });
  const { setFieldError } = form;
  // The server answers after the submit: its complaint joins the form's own errors, so typing
  // clears it as it clears the rule's.
  useEffect(() => {
    if (serverError) setFieldError(FIELD, serverError);
  }, [serverError, setFieldError]);

  return (
    <form
      noValidate
      className={className}
      onSubmit={form.onSubmit((values) => onSubmit(values[FIELD] ?? ''))}
    >
      <TextInput
        {...inputProps}
        size={size}
        key={form.key(FIELD)}
        {...form.getInputProps(FIELD)}
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
