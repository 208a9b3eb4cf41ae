import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form-body';
import { int, obj, objs, oneOf, str } from '../params';
import { get } from '../store';
import type { AppliedDiscount, DraftLine } from './amounts';
import { buildInvoice } from './invoice-build';
import { activeDiscounts, couponFor } from './subscription-discounts';
import {
  type ItemSpec,
  pendingItemLines,
  periodEndFrom,
  periodLines,
  periodOf,
  resolvePrice,
} from './subscription-items';
import { PRORATION_BEHAVIORS, taxRatesOf } from './subscription-params';
import { planItemsChange } from './subscription-plan';
import { reload } from './subscription-store';

/** invoices.createPreview: what the next invoice would be, computed by the same code as the real one. */
export async function previewInvoice(ctx: Ctx, params: FormObject): Promise<Stripe.Invoice> {
  const customerId = str(params, 'customer');
  const subId = str(params, 'subscription');
  const details = obj(params, 'subscription_details') ?? {};
  const sub = subId ? await reload(ctx, subId) : null;
  let customer: Stripe.Customer;
  if (customerId ?? sub) {
    customer = await get<Stripe.Customer>(
      ctx,
      (customerId ?? sub?.customer) as string,
      'customer',
      'customer',
    );
  } else {
    const customerDetails = obj(params, 'customer_details');
    if (!customerDetails)
      throw invalidRequest('Must provide customer, customer_details or subscription.', 'customer');
    customer = {
      id: 'cus_preview',
      object: 'customer',
      balance: 0,
      created: 0,
      default_source: null,
      description: null,
      email: null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      shipping: null,
      tax_exempt: (str(customerDetails, 'tax_exempt') as Stripe.Customer.TaxExempt | undefined) ?? 'none',
      test_clock: null,
    };
  }
  const now = await customerNow(ctx, customer.id === 'cus_preview' ? null : customer.id);
  const prorationBehavior =
    oneOf(
      str(details, 'proration_behavior'),
      PRORATION_BEHAVIORS,
      'subscription_details[proration_behavior]',
    ) ?? 'create_prorations';
  const prorationDate = int(details, 'proration_date', 'subscription_details[proration_date]') ?? now;
  const rates = (await taxRatesOf(ctx, details, 'default_tax_rates')) ?? sub?.default_tax_rates ?? [];
  const discountParams = params.discounts === '' ? [] : objs(params, 'discounts');
  let discounts: AppliedDiscount[];
  if (discountParams) {
    discounts = [];
    for (const [i, entry] of discountParams.entries()) {
      const { coupon } = await couponFor(ctx, entry, `discounts[${i}]`);
      discounts.push({
        coupon,
        discount: {
          id: `di_preview_${i}`,
          object: 'discount',
          checkout_session: null,
          customer: customer.id,
          customer_account: null,
          end: null,
          invoice: null,
          invoice_item: null,
          promotion_code: str(entry, 'promotion_code') ?? null,
          source: { coupon: coupon.id, type: 'coupon' },
          start: now,
          subscription: sub?.id ?? null,
          subscription_item: null,
        },
      });
    }
  } else {
    discounts = sub ? await activeDiscounts(ctx, sub.discounts, now) : [];
  }
  const itemParams = objs(details, 'items');
  let lines: DraftLine[];
  let period: { start: number; end: number };
  let reason: Stripe.Invoice.BillingReason = 'upcoming';
  if (sub) {
    const plan = await planItemsChange(
      ctx,
      sub,
      itemParams,
      prorationBehavior,
      prorationDate,
      now,
      'subscription_details[items]',
    );
    const pending = await pendingItemLines(ctx, sub.id, sub.customer as string);
    const invoiceNow =
      plan.itemsChanged &&
      sub.status !== 'trialing' &&
      (plan.anchorNow || prorationBehavior === 'always_invoice');
    if (invoiceNow) {
      lines = [...pending, ...plan.prorations, ...plan.newPeriodLines];
      period = plan.anchorNow ? plan.newPeriod : { start: prorationDate, end: periodOf(sub).end };
      reason = 'subscription_update';
    } else {
      // The next renewal: pending prorations plus the next period at the (new) items.
      const current = periodOf(sub);
      const first = plan.specs[0] as ItemSpec;
      const start = sub.status === 'trialing' && sub.trial_end ? sub.trial_end : current.end;
      period = {
        start,
        end: periodEndFrom(start, first.price),
      };
      lines = [...pending, ...plan.prorations, ...(await periodLines(ctx, plan.specs, period, false))];
      reason = 'upcoming';
    }
    if (str(details, 'cancel_at_period_end') === 'true' && !invoiceNow)
      lines = [...pending, ...plan.prorations];
  } else {
    if (!itemParams || itemParams.length === 0)
      throw invalidRequest(
        `No upcoming invoices for customer: ${customer.id}`,
        undefined,
        'invoice_upcoming_none',
      );
    const specs: ItemSpec[] = [];
    for (const [i, item] of itemParams.entries()) {
      specs.push({
        id: `si_preview_${i}`,
        price: await resolvePrice(ctx, item, `subscription_details[items][${i}][price]`),
        quantity: int(item, 'quantity') ?? 1,
      });
    }
    const first = specs[0] as ItemSpec;
    const trialEnd = str(details, 'trial_end');
    const trial = trialEnd !== undefined && trialEnd !== 'now';
    period = {
      start: now,
      end: trial ? (int(details, 'trial_end') ?? now) : periodEndFrom(now, first.price),
    };
    lines = await periodLines(ctx, specs, period, trial);
    reason = 'subscription_create';
  }
  const invoice = await buildInvoice(ctx, {
    customer,
    subscription: sub,
    billingReason: reason,
    lines,
    discounts,
    taxRates: rates,
    periodStart: period.start,
    periodEnd: period.end,
    preview: true,
    prorationDate: sub ? prorationDate : undefined,
  });
  if (customer.id === 'cus_preview') invoice.customer = null;
  return invoice;
}
