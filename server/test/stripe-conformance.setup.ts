// Set up for every file of the api project (vitest.config.ts): after the file's tests, the bodies
// the Stripe sandbox answered them pass the conformance check (stripe-conformance.ts), or the file
// fails. Files that never reached the sandbox have nothing to check.
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { CONFORMANCE_TIMEOUT_MS } from '../sandbox/stripe/conformance/conformance';
import { expectConformance } from '../sandbox/stripe/conformance/conformance-test';
import { productRecorder, productShapeCache } from './stripe-conformance';

afterAll(async () => {
  if (productRecorder.bodies.length === 0) return;
  const file = path.basename(expect.getState().testPath ?? 'api', '.test.ts');
  try {
    await expectConformance(productRecorder, `api-${file}`, { api: 1, webhook: 0 }, productShapeCache);
  } finally {
    // A worker runs file after file on the same modules (isolate: false): the next file starts empty.
    productRecorder.bodies.length = 0;
  }
}, CONFORMANCE_TIMEOUT_MS);
