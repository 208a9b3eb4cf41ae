import { createApiClient } from '@/api/client';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { paddleCalls, stripeCalls } from './provider-effects';

const REF = { teamId: 5, userId: 11 };
const signal = new AbortController().signal;

function api() {
  const { fetch, requests } = fakeFetch(() => jsonResponse(200, {}));
  const client = createApiClient({ prefixUrl: 'http://console.test', fetch });
  const sent = () =>
    requests.map((request) => ({
      call: `${request.method} ${new URL(request.url).pathname}`,
      body: request.bodyText ? request.json() : undefined,
    }));
  return { client, sent };
}

describe("the flows' calls on Paddle", () => {
  it("previews and changes the plan through billing-paddle, without a coupon (Paddle's checkout takes discounts)", async () => {
    const { client, sent } = api();
    const calls = paddleCalls(client, REF);
    await calls.previewPlan({ planId: 'premium_30', coupon: 'WELCOME10' }, signal);
    await calls.changePlan({ planId: 'premium_30', coupon: 'WELCOME10' }, signal);
    await calls.renewPlan('plus_30', signal);
    await calls.cancelPlan('basic_30');
    expect(sent()).toEqual([
      { call: 'POST /api/v1/collab/5-11/billing-paddle/preview', body: { planId: 'premium_30' } },
      { call: 'PUT /api/v1/collab/5-11/billing-paddle/plan', body: { planId: 'premium_30' } },
      { call: 'PUT /api/v1/collab/5-11/billing-paddle/plan', body: { planId: 'plus_30' } },
      { call: 'PUT /api/v1/collab/5-11/billing-paddle/plan', body: { planId: 'basic' } },
    ]);
  });

  it("never calls Stripe's card or billing-details endpoints for a Paddle team", async () => {
    const { client, sent } = api();
    const calls = paddleCalls(client, REF);
    await expect(calls.createSetupIntent(signal)).rejects.toThrow();
    await expect(calls.saveCard('pm_1', signal)).rejects.toThrow();
    await expect(
      calls.saveCustomer(
        { name: 'x', line1: 'x', line2: '', city: 'x', state: '', postalCode: '1', country: 'de', vatId: '' },
        signal,
      ),
    ).rejects.toThrow();
    expect(sent()).toEqual([]);
  });

  it("keeps Stripe's calls for a Stripe team: the cancel goes to v2 plan with the interval's Basic", async () => {
    const { client, sent } = api();
    await stripeCalls(client, REF).cancelPlan('basic_365');
    expect(sent()).toEqual([{ call: 'PUT /api/v2/collab/5-11/billing/plan', body: { planId: 'basic_365' } }]);
  });
});
