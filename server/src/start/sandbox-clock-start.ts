import type { PaddleSandbox } from '../../sandbox/paddle/paddle-sandbox';
import type { SandboxAdvanceSummary, StripeSandbox } from '../../sandbox/stripe/stripe-sandbox';

/**
 * `cli sandbox advance`: the built-in sandboxes' clocks move together, and what fell due in each
 * (renewals, trial ends, scheduled cancels) is told in one summary, the Paddle sandbox's lines
 * marked as its own.
 */
export async function advanceSandboxes(
  seconds: number,
  stripe: StripeSandbox | null,
  paddle: PaddleSandbox | null,
): Promise<SandboxAdvanceSummary> {
  const stripeSummary = stripe ? await stripe.advance(seconds) : null;
  const paddleSummary = paddle ? await paddle.advance(seconds) : null;
  return {
    advancedSeconds: seconds,
    sandboxTime: stripeSummary?.sandboxTime ?? paddleSummary?.sandboxTime ?? new Date().toISOString(),
    happened: [
      ...(stripeSummary?.happened ?? []),
      ...(paddleSummary?.happened.map((line) => `Paddle: ${line}`) ?? []),
    ],
    webhooksDelivered: stripeSummary?.webhooksDelivered ?? 0,
  };
}
