// Loaded only when a card form opens (its own chunk with @stripe/react-stripe-js): never on the
// billing page's first visit.
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';

/** The card provider's answer to confirming the typed card against a setup intent. */
export type CardSetupAnswer = { paymentMethodId: string } | { error: { type: string; message: string } };

export interface CardFormProps {
  /** Stripe.js for the team's publishable key (the real one, or the sandbox's stand-in). */
  stripe: Promise<Stripe | null>;
  /** 'Update Card' or 'Update Billing Info'. */
  submitLabel: string;
  busy: boolean;
  /** What is missing from the card as typed. */
  cardError: string | null;
  onSubmit: (confirmCardSetup: (clientSecret: string) => Promise<CardSetupAnswer>) => void;
}

/** The Card step (spec section 2 'Card form'): the card input, focused by itself on narrow screens. */
export default function CardForm({ stripe, ...props }: CardFormProps) {
  return (
    <Elements stripe={stripe}>
      <CardFields {...props} />
    </Elements>
  );
}

function CardFields({ submitLabel, busy, cardError, onSubmit }: Omit<CardFormProps, 'stripe'>) {
  const stripe = useStripe();
  const elements = useElements();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [ready, setReady] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    onSubmit(async (clientSecret) => {
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card },
      });
      if (error) return { error: { type: error.type, message: error.message ?? 'Your card was declined.' } };
      const method = setupIntent.payment_method;
      return { paymentMethodId: typeof method === 'string' ? method : (method?.id ?? '') };
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Input.Wrapper label="Card" error={cardError}>
          <div
            style={{ padding: '10px 12px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
          >
            <CardElement
              options={{ hidePostalCode: true }}
              onReady={(element) => {
                setReady(true);
                if (narrow) element.focus();
              }}
            />
          </div>
        </Input.Wrapper>
        {!ready && (
          <Text size="xs" c="dimmed" role="status">
            Loading card form...
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!stripe || !ready}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
