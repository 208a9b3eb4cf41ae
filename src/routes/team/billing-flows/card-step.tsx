// The card form's chunk: Stripe.js (or the sandbox's stand-in) and @stripe/react-stripe-js, loaded
// with React.lazy only when a card step opens.
import { useState } from 'react';
import CardForm, { type CardFormProps } from '@/ui/billing/CardForm';
import { stripeFor } from './stripe';

export interface CardStepProps extends Omit<CardFormProps, 'stripe'> {
  /** The team's publishable key (GET billing/stripe-token). */
  loadPublishableKey: () => Promise<string>;
}

export default function CardStep({ loadPublishableKey, ...props }: CardStepProps) {
  const [stripe] = useState(() => loadPublishableKey().then(stripeFor));
  return <CardForm stripe={stripe} {...props} />;
}
