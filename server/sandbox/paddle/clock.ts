import type { Ctx } from './context';
import { getState, setState } from './store';

// The sandbox clock is real time plus a stored offset, moved by `cli sandbox advance`.
const OFFSET_KEY = 'clock_offset_seconds';

export async function sandboxOffset(ctx: Ctx): Promise<number> {
  if (ctx.offsetSeconds === undefined) ctx.offsetSeconds = await getState<number>(ctx, OFFSET_KEY, 0);
  return ctx.offsetSeconds;
}

export async function setSandboxOffset(ctx: Ctx, seconds: number): Promise<void> {
  await setState(ctx, OFFSET_KEY, seconds);
  ctx.offsetSeconds = seconds;
}

export async function sandboxNow(ctx: Ctx): Promise<Date> {
  return new Date(ctx.config.realNow().getTime() + (await sandboxOffset(ctx)) * 1000);
}

/** Paddle writes times as RFC 3339 with microseconds: 2024-04-12T10:18:49.738972Z. */
export function paddleIso(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

export async function sandboxIso(ctx: Ctx): Promise<string> {
  return paddleIso(await sandboxNow(ctx));
}
