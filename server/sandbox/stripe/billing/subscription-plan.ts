import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { int, str } from '../params';
import { type DraftLine, prorate, remainingTimeDescription, unusedTimeDescription } from './amounts';
import {
  type ItemSpec,
  periodEndFrom,
  periodLines,
  periodOf,
  productName,
  resolvePrice,
  specsOf,
} from './subscription-items';

/** What an items change would bill, with its prorations: one plan for updates and previews. */

export interface UpdatePlan {
  specs: ItemSpec[];
  itemsChanged: boolean;
  anchorNow: boolean;
  prorationDate: number;
  prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
  /** Proration lines (credit for unused time, charge for remaining time). */
  prorations: DraftLine[];
  /** When the interval changes, the new period's full charge. */
  newPeriodLines: DraftLine[];
  newPeriod: { start: number; end: number };
}

/** What an items change would bill: shared by update and createPreview so both agree to the cent. */
export async function planItemsChange(
  ctx: Ctx,
  sub: Stripe.Subscription,
  itemParams: FormObject[] | undefined,
  prorationBehavior: UpdatePlan['prorationBehavior'],
  prorationDate: number,
  now: number,
  paramPrefix = 'items',
): Promise<UpdatePlan> {
  const old = specsOf(sub);
  let specs = old.map((s) => ({ ...s }));
  for (const [i, item] of (itemParams ?? []).entries()) {
    const itemId = str(item, 'id');
    const quantity = int(item, 'quantity', `${paramPrefix}[${i}][quantity]`);
    const hasPrice = str(item, 'price') ?? str(item, 'plan');
    if (itemId) {
      const index = specs.findIndex((s) => s.id === itemId);
      if (index < 0)
        throw invalidRequest(
          `No such subscription item: '${itemId}'`,
          `${paramPrefix}[${i}][id]`,
          'resource_missing',
        );
      if (str(item, 'deleted') === 'true') {
        specs.splice(index, 1);
        continue;
      }
      const current = specs[index] as ItemSpec;
      specs[index] = {
        id: current.id,
        price: hasPrice ? await resolvePrice(ctx, item, `${paramPrefix}[${i}][price]`) : current.price,
        quantity: quantity ?? current.quantity,
      };
    } else {
      const price = await resolvePrice(ctx, item, `${paramPrefix}[${i}][price]`);
      if (specs.some((s) => s.price.id === price.id)) {
        throw invalidRequest(
          `Cannot add multiple subscription items with the same plan: ${price.id}`,
          `${paramPrefix}[${i}][price]`,
        );
      }
      specs.push({ id: newId('si'), price, quantity: quantity ?? 1 });
    }
  }
  if (specs.length === 0) specs = old;
  const itemsChanged =
    JSON.stringify(specs.map((s) => [s.id, s.price.id, s.quantity])) !==
    JSON.stringify(old.map((s) => [s.id, s.price.id, s.quantity]));
  const period = periodOf(sub);
  const intervalOf = (s: ItemSpec) => `${s.price.recurring?.interval}/${s.price.recurring?.interval_count}`;
  const anchorNow =
    itemsChanged &&
    sub.status !== 'trialing' &&
    intervalOf(specs[0] as ItemSpec) !== intervalOf(old[0] as ItemSpec);
  const plan: UpdatePlan = {
    specs,
    itemsChanged,
    anchorNow,
    prorationDate,
    prorationBehavior,
    prorations: [],
    newPeriodLines: [],
    newPeriod: period,
  };
  if (!itemsChanged || sub.status === 'trialing' || sub.status === 'canceled') return plan;
  const first = specs[0] as ItemSpec;
  if (anchorNow) {
    plan.newPeriod = {
      start: now,
      end: periodEndFrom(now, first.price),
    };
    plan.newPeriodLines = await periodLines(ctx, specs, plan.newPeriod, false);
  }
  if (prorationBehavior === 'none') return plan;
  const from = anchorNow ? now : prorationDate;
  const prorationPeriod = { start: from, end: period.end };
  for (const before of old) {
    const after = specs.find((s) => s.id === before.id);
    const unchanged =
      after && after.price.id === before.price.id && after.quantity === before.quantity && !anchorNow;
    if (unchanged) continue;
    const name = await productName(ctx, before.price);
    plan.prorations.push({
      description: unusedTimeDescription(before.quantity, name, from),
      amount: -prorate((before.price.unit_amount ?? 0) * before.quantity, from, period),
      quantity: before.quantity,
      price: before.price,
      period: prorationPeriod,
      proration: true,
      subscriptionItem: before.id,
      invoiceItem: null,
    });
  }
  if (!anchorNow) {
    for (const after of specs) {
      const before = old.find((s) => s.id === after.id);
      if (before && before.price.id === after.price.id && before.quantity === after.quantity) continue;
      const name = await productName(ctx, after.price);
      plan.prorations.push({
        description: remainingTimeDescription(after.quantity, name, from),
        amount: prorate((after.price.unit_amount ?? 0) * after.quantity, from, period),
        quantity: after.quantity,
        price: after.price,
        period: prorationPeriod,
        proration: true,
        subscriptionItem: after.id,
        invoiceItem: null,
      });
    }
  }
  return plan;
}
