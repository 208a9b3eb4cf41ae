import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { emit } from '../events';
import { list, put } from '../store';
import { runDueWork } from './subscription-lifecycle';

/** Runs the due work of every advancing clock up to its target and makes it ready; how many. */
export async function finishAdvancingClocks(ctx: Ctx): Promise<number> {
  const clocks = (await list<Stripe.TestHelpers.TestClock>(ctx, 'test_helpers.test_clock')).filter(
    (clock) => clock.status === 'advancing',
  );
  for (const clock of clocks) {
    const target = clock.status_details.advancing?.target_frozen_time ?? clock.frozen_time;
    // Due work runs at each due moment in turn; objects read the clock, so it moves step by step.
    await runDueWork(ctx, clock.id, target);
    const ready: Stripe.TestHelpers.TestClock = {
      ...clock,
      frozen_time: target,
      status: 'ready',
      status_details: {},
    };
    await put(ctx, ready);
    await emit(ctx, 'test_helpers.test_clock.ready', ready);
  }
  return clocks.length;
}
