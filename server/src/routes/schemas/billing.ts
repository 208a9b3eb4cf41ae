import { z } from 'zod';

// Request and response shapes of the team billing calls (spec sections 3 and 7). Responses are
// serialized through these, so nothing the provider returns beyond the API leaks out.

/** Our plan ids: '<code>_<days>' (spec section 3). */
export const planIdField = z.string().regex(/^[a-z]{1,20}_[1-9][0-9]{0,3}$/, { message: 'is invalid' });

/** A promotion code as typed; empty means none. */
export const couponField = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'is invalid' })
  .nullish()
  .transform((value) => (value ? value : null));

/** The plan choice of preview and PUT plan: a plan id and an optional promotion code. */
export const planChoiceBody = z.strictObject({ planId: planIdField, coupon: couponField });

const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, { message: 'is invalid' });

/** The billing details as sent: shape only; the rules of spec section 5 run in the service. */
export const customerBody = z.strictObject({
  name: text(1000),
  line1: text(1000),
  line2: text(1000).default(''),
  city: text(1000),
  state: text(1000).default(''),
  postalCode: text(1000),
  country: text(100),
  vatId: text(1000).default(''),
});

export const customer = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  vatId: z.string(),
});

export const card = z.object({
  last4: z.string(),
  brand: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});

export const subscription = z.object({
  status: z.string(),
  planId: z.string(),
  cancelAt: z.number().nullable(),
  nextPaymentAt: z.number().nullable(),
  nextPaymentAmount: z.number().nullable(),
  nextPaymentProrations: z.array(z.object({ at: z.number(), amount: z.number(), seats: z.number() })),
  trialEndAt: z.number().nullable(),
  pendingPaymentIntentSecret: z.string().nullable(),
  // Optional fields go last: the compiled serializer writes them after the required ones.
  nextPaymentTax: z.object({ amount: z.number(), percent: z.number() }).nullable().optional(),
});

export const usage = z.object({ usersCnt: z.number() });

export const billing = z.object({
  customer: customer.nullable(),
  card: card.nullable(),
  subscription: subscription.nullable(),
  usage,
  // Optional, so last (see subscription).
  endedTrial: z
    .object({ plan: z.enum(['plus', 'premium', 'pro']), endedAt: z.number() })
    .nullable()
    .optional(),
});

export const product = z.object({
  code: z.enum(['basic', 'plus', 'premium', 'pro']),
  title: z.string(),
  plans: z.array(
    z.object({
      id: z.string(),
      interval: z.enum(['month', 'year']),
      amount: z.number(),
      currency: z.string(),
    }),
  ),
  storageLim: z.number(),
  storageLimPerUser: z.number(),
  draftsLim: z.number(),
  templatesLim: z.number(),
  canUseSharedInboxes: z.boolean(),
  canUseLinkAuth: z.boolean(),
  delegationsLim: z.number(),
  canUseRoles: z.boolean(),
  support: z.string(),
  showFreeUpgrade: z.boolean(),
  freeUpgradeText: z.string().nullable(),
  successText: z.string().nullable(),
});

export const invoice = z.object({
  id: z.string(),
  date: z.number(),
  number: z.string(),
  status: z.string(),
  amount: z.number(),
  currency: z.string(),
  payUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});

export const preview = z.object({
  lines: z.array(z.object({ description: z.string(), amount: z.number() })),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  taxPercent: z.number(),
  amountDue: z.number(),
  currency: z.string(),
});
