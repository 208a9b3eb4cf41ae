import type Stripe from 'stripe';
import type { Ctx } from './context';
import { find, getState, setState } from './store';

/**
 * Time in the sandbox. Objects of a customer on a test clock live at that clock's frozen time;
 * everything else lives at real time plus the sandbox offset (moved by `advance`).
 */
export async function sandboxOffset(ctx: Ctx): Promise<number> {
  if (ctx.offsetSeconds === undefined)
    ctx.offsetSeconds = await getState<number>(ctx, 'clock_offset_seconds', 0);
  return ctx.offsetSeconds;
}

export async function setSandboxOffset(ctx: Ctx, seconds: number): Promise<void> {
  ctx.offsetSeconds = seconds;
  await setState(ctx, 'clock_offset_seconds', seconds);
}

/** Seconds since the epoch on the sandbox clock. */
export async function sandboxNow(ctx: Ctx): Promise<number> {
  return Math.floor(ctx.config.realNow().getTime() / 1000) + (await sandboxOffset(ctx));
}

export async function clockNow(ctx: Ctx, clockId: string | null | undefined): Promise<number> {
  if (ctx.timeOverride !== undefined) return ctx.timeOverride;
  if (clockId) {
    const clock = await find<Stripe.TestHelpers.TestClock>(ctx, clockId, 'test_helpers.test_clock');
    if (clock) return clock.frozen_time;
  }
  return sandboxNow(ctx);
}

/** The time an object of this customer lives at. */
export async function customerNow(ctx: Ctx, customerId: string | null | undefined): Promise<number> {
  if (ctx.timeOverride !== undefined) return ctx.timeOverride;
  if (customerId) {
    const customer = await find<Stripe.Customer>(ctx, customerId, 'customer');
    const clock = customer?.test_clock;
    if (clock) return clockNow(ctx, typeof clock === 'string' ? clock : clock.id);
  }
  return sandboxNow(ctx);
}

export async function customerClock(ctx: Ctx, customerId: string | null | undefined): Promise<string | null> {
  if (!customerId) return null;
  const customer = await find<Stripe.Customer>(ctx, customerId, 'customer');
  const clock = customer?.test_clock;
  return clock ? (typeof clock === 'string' ? clock : clock.id) : null;
}

/** Calendar months as Stripe bills them: the same day next month, clamped to the month's end. */
export function addInterval(from: number, interval: string, count = 1): number {
  const date = new Date(from * 1000);
  const day = date.getUTCDate();
  const months = interval === 'year' ? 12 * count : interval === 'month' ? count : 0;
  if (months === 0) {
    const days = interval === 'week' ? 7 * count : count;
    return from + days * 86_400;
  }
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}
