import type Stripe from 'stripe';
import { cardDetails, testTokenNumber, validateCard } from '../cards';
import { sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, resourceMissing, StripeError } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { int, metadata, obj, reqStr, str } from '../params';
import { find, get, getRow, put } from '../store';

/** Cards as payment methods: made from card details or test ids, attached, detached, set up. */
/** What the sandbox remembers about a card beyond its public shape. */
export interface CardInternal {
  number: string;
  /** Set up for off-session use (a setup intent or an on-session 3-D Secure payment succeeded). */
  setUp?: boolean;
}

export function billingDetailsOf(params: FormObject | undefined): Stripe.PaymentMethod.BillingDetails {
  const address = params ? obj(params, 'address') : undefined;
  const field = (source: FormObject | undefined, key: string) => (source ? (str(source, key) ?? null) : null);
  return {
    address: {
      city: field(address, 'city'),
      country: field(address, 'country'),
      line1: field(address, 'line1'),
      line2: field(address, 'line2'),
      postal_code: field(address, 'postal_code'),
      state: field(address, 'state'),
    },
    email: field(params, 'email'),
    name: field(params, 'name'),
    phone: field(params, 'phone'),
    tax_id: null,
  };
}

async function createCardPaymentMethod(
  ctx: Ctx,
  number: string,
  expMonth: number,
  expYear: number,
  billing: FormObject | undefined,
  meta: Record<string, string>,
): Promise<Stripe.PaymentMethod> {
  const pm: Stripe.PaymentMethod = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetailsOf(billing),
    card: cardDetails(number, expMonth, expYear),
    created: await sandboxNow(ctx),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: meta,
    type: 'card',
  };
  const internal: CardInternal = { number };
  return put(ctx, pm, { internal: internal as unknown as Record<string, unknown> });
}

/** A payment method by id; Stripe's test ids (`pm_card_visa`) make a fresh card each time. */
export async function resolvePaymentMethod(
  ctx: Ctx,
  id: string,
  param = 'payment_method',
): Promise<Stripe.PaymentMethod> {
  const number = testTokenNumber(id);
  if (number) {
    const year = new Date((await sandboxNow(ctx)) * 1000).getUTCFullYear() + 3;
    return createCardPaymentMethod(ctx, number, 12, year, undefined, {});
  }
  const pm = await find<Stripe.PaymentMethod>(ctx, id, 'payment_method');
  if (!pm) throw resourceMissing('PaymentMethod', id, param);
  return pm;
}

export async function cardInternal(ctx: Ctx, pmId: string): Promise<CardInternal> {
  return (await getRow<Stripe.PaymentMethod>(ctx, pmId, 'payment_method'))
    .internal as unknown as CardInternal;
}

export async function markSetUp(ctx: Ctx, pmId: string): Promise<void> {
  const row = await getRow<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
  await put(ctx, row.data, { internal: { ...row.internal, setUp: true } });
}

export async function attachPaymentMethod(
  ctx: Ctx,
  pmId: string,
  customerId: string,
): Promise<Stripe.PaymentMethod> {
  const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
  await get(ctx, customerId, 'customer', 'customer');
  if (pm.customer === customerId) return pm;
  if (pm.customer) {
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
    );
  }
  const attached = await put(ctx, { ...pm, customer: customerId }, { customer: customerId });
  await emit(ctx, 'payment_method.attached', attached);
  return attached;
}

export async function detachPaymentMethod(ctx: Ctx, pmId: string): Promise<Stripe.PaymentMethod> {
  const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
  if (!pm.customer) {
    throw invalidRequest(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  }
  const customerId = pm.customer as string;
  const customer = await find<Stripe.Customer>(ctx, customerId, 'customer');
  if (customer && customer.invoice_settings.default_payment_method === pmId) {
    await put(ctx, {
      ...customer,
      invoice_settings: { ...customer.invoice_settings, default_payment_method: null },
    });
  }
  const detached = await put(ctx, { ...pm, customer: null }, { customer: null });
  await emit(ctx, 'payment_method.detached', detached, { customer: customerId });
  return detached;
}

export async function createPaymentMethod(
  ctx: Ctx,
  params: FormObject,
  publishable: boolean,
): Promise<Stripe.PaymentMethod> {
  const type = reqStr(params, 'type');
  if (type !== 'card')
    throw invalidRequest(`The payment method type "${type}" is not supported by the sandbox.`, 'type');
  const card = obj(params, 'card');
  if (!card) throw missingParam('card');
  const token = str(card, 'token');
  const billing = obj(params, 'billing_details');
  if (token) {
    const number = testTokenNumber(token);
    if (!number) throw invalidRequest(`No such token: '${token}'`, 'card[token]', 'resource_missing');
    const year = new Date((await sandboxNow(ctx)) * 1000).getUTCFullYear() + 3;
    return createCardPaymentMethod(ctx, number, 12, year, billing, metadata(params));
  }
  const number = reqStr(card, 'number').replace(/[\s-]/g, '');
  const expMonth = int(card, 'exp_month', 'card[exp_month]');
  const expYear = int(card, 'exp_year', 'card[exp_year]');
  if (expMonth === undefined) throw missingParam('card[exp_month]');
  if (expYear === undefined) throw missingParam('card[exp_year]');
  try {
    validateCard(number, expMonth, expYear, new Date((await sandboxNow(ctx)) * 1000));
  } catch (error) {
    // Stripe answers bad card details at creation with a card_error naming the card[...] field.
    if (error instanceof StripeError && error.body.param) {
      throw new StripeError(error.status, { ...error.body, param: `card[${error.body.param}]` });
    }
    throw error;
  }
  void publishable;
  return createCardPaymentMethod(ctx, number, expMonth, expYear, billing, metadata(params));
}
