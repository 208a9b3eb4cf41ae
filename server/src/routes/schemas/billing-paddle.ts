import { z } from 'zod';
import { card, planIdField, subscription } from './billing';

/** A plan bought or previewed through Paddle: one of the catalogue's plan ids. */
export const paddlePlanBody = z.strictObject({ planId: planIdField });

/** PUT plan: a plan id, or `basic` (cancel at the next billing period). */
export const paddlePlanChangeBody = z.strictObject({ planId: z.union([z.literal('basic'), planIdField]) });

/** A Paddle transaction id in a path: `txn_` and 26 lowercase letters and digits. */
export const paddleTransactionParam = z.string().regex(/^txn_[a-z0-9]{26}$/, { message: 'is invalid' });

export const paddleSettings = z.object({
  provider: z.literal('paddle'),
  enabled: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  clientToken: z.string().nullable(),
  /** The Paddle.js stand-in's script while the sandbox serves Paddle; null with real Paddle. */
  scriptUrl: z.string().nullable(),
  currentProvider: z.enum(['stripe', 'paddle']).nullable(),
  allowedProviders: z.array(z.enum(['stripe', 'paddle'])),
});

// The card goes before the optional field: the compiled serializer writes optional ones last.
export const paddleSubscription = subscription
  .omit({ nextPaymentTax: true })
  .extend({ card: card.nullable(), nextPaymentTax: subscription.shape.nextPaymentTax });

export const paddleCheckout = z.object({
  priceId: z.string(),
  quantity: z.number(),
  customer: z.union([z.object({ email: z.string() }), z.object({ id: z.string() })]),
  customData: z.object({ teamId: z.number(), checkoutToken: z.string() }),
});
