import { expect, it } from 'vitest';
import { CONFORMANCE_TIMEOUT_MS, conformanceReport, type Recorder, type ShapeCache } from './conformance';

// The conformance check as a test, shared by the sandbox's suites (the two contract files and
// stripe-sandbox.test.ts) and the product's API suites (server/test/stripe-conformance.setup.ts).

/** How many bodies a suite must have recorded, past which the check is not one of nothing. */
export interface RecordedAtLeast {
  api: number;
  webhook: number;
}

/** Fails on every difference from Stripe's types and fixtures that allow-list.ts does not name. */
export async function expectConformance(
  recorder: Recorder,
  suite: string,
  atLeast: RecordedAtLeast,
  cache?: ShapeCache,
): Promise<void> {
  const report = await conformanceReport(recorder, suite, cache);
  expect(report.recorded.api).toBeGreaterThanOrEqual(atLeast.api);
  expect(report.recorded.webhook).toBeGreaterThanOrEqual(atLeast.webhook);
  expect(report.fixtureDifferences).toEqual([]);
  expect(report.typeErrors).toEqual([]);
}

type TestFn = (name: string, fn: () => Promise<void>, timeout: number) => void;

/**
 * A suite's last test, so it sees every body the tests above made the sandbox answer; `deliver`
 * sends the webhooks still pending first. `test` is `it.skip` where the suite runs against Stripe.
 */
export function conformanceTest(
  recorder: Recorder,
  suite: string,
  options: { atLeast: RecordedAtLeast; deliver: () => Promise<void>; test?: TestFn },
): void {
  const test = options.test ?? it;
  test(
    'answered only bodies Stripe\u2019s types and fixtures accept (conformance)',
    async () => {
      await options.deliver();
      await expectConformance(recorder, suite, options.atLeast);
    },
    CONFORMANCE_TIMEOUT_MS,
  );
}
