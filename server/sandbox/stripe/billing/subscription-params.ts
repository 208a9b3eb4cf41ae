import type Stripe from 'stripe';
import type { Ctx } from '../context';
import type { FormObject } from '../form-body';
import { strings } from '../params';
import { get } from '../store';

/** Parameters that create, update and the invoice preview read alike. */

export type PaymentBehavior =
  | 'allow_incomplete'
  | 'default_incomplete'
  | 'error_if_incomplete'
  | 'pending_if_incomplete';
export const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;
export const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;

export async function taxRatesOf(
  ctx: Ctx,
  params: FormObject,
  key: string,
): Promise<Stripe.TaxRate[] | undefined> {
  if (params[key] === '') return [];
  const ids = strings(params, key);
  if (!ids) return undefined;
  return Promise.all(ids.map((id, i) => get<Stripe.TaxRate>(ctx, id, 'tax_rate', `${key}[${i}]`)));
}
