import type { Ctx, SandboxConfig } from './context';
import type { Runner } from './router';

export interface ClockWorker {
  /** Finishes advancing test clocks in a unit of its own, soon; one run at a time. */
  kick(): void;
  idle(): Promise<void>;
}

/**
 * Test clocks advance in the background, as Stripe's do: the advance request answers `advancing`,
 * and this worker runs the due work after that request has committed and `advanceMs` has passed.
 */
export function createClockWorker(
  runner: Runner,
  config: SandboxConfig,
  finishAdvancingClocks: (ctx: Ctx) => Promise<number>,
  advanceMs: number,
): ClockWorker {
  let running: Promise<void> | null = null;
  let again = false;

  async function run(): Promise<void> {
    do {
      again = false;
      // Stripe's advance takes observable time: a retrieve right after the answer still sees
      // `advancing`, and an advance at once is refused, so callers must poll as with Stripe.
      await new Promise((resolve) => setTimeout(resolve, advanceMs));
      await runner.unit({ id: null, idempotency_key: null }, (ctx) => finishAdvancingClocks(ctx));
    } while (again);
  }

  return {
    kick() {
      if (running) {
        again = true;
        return;
      }
      running = run()
        .catch((error) => config.log('stripe sandbox: test clock advance failed', { error: String(error) }))
        .finally(() => {
          running = null;
        });
    },
    async idle() {
      while (running) await running;
    },
  };
}
