// The harness of stripe-conformance.ts: the product's API suites record what the Stripe sandbox
// answers them, and a body Stripe would not send fails the check their files end with.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFORMANCE_TIMEOUT_MS,
  conformanceReport,
  createRecorder,
} from '../sandbox/stripe/conformance/conformance';
import { setupTestApp } from './helper';
import { productRecorder } from './stripe-conformance';

// Demo billing makes customers, subscriptions and invoices at the sandbox through the product's code.
setupTestApp({ demoBilling: true });

describe('the Stripe sandbox as the product meets it', () => {
  it('records every answer the product’s billing got from the sandbox', () => {
    const routes = new Set(productRecorder.bodies.filter((b) => b.source === 'api').map((b) => b.route));
    expect(routes).toContain('POST /v1/customers');
    expect(routes).toContain('POST /v1/subscriptions');
  });

  it(
    'fails on a key Stripe’s fixture lacks and on a field of the wrong type',
    async () => {
      const answer = productRecorder.bodies.find(
        (b) => b.route === 'POST /v1/customers' && (b.body as { object?: string }).object === 'customer',
      );
      expect(answer).toBeDefined();
      const recorder = createRecorder();
      if (answer)
        recorder.observe({
          ...answer,
          body: { ...(answer.body as object), created: 'today', sandbox_note: 'x' },
        });
      const report = await conformanceReport(recorder, 'api-harness');
      // A failed type check keeps its file for reading; this one failed on purpose.
      await rm(path.resolve(import.meta.dirname, '../../.data-conformance/api-harness'), {
        recursive: true,
        force: true,
      });
      expect(report.fixtureDifferences).toEqual([
        "POST /v1/customers: customer has sandbox_note, which Stripe's fixture has not",
      ]);
      // `created` a string where the SDK has a number (tsc stops at the first wrong property).
      expect(report.typeErrors).toEqual([
        "POST /v1/customers (customer): TS2322 Type 'string' is not assignable to type 'number'.",
      ]);
    },
    CONFORMANCE_TIMEOUT_MS,
  );
});
