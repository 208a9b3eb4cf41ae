import { BILLING_UNKNOWN_ERROR_MESSAGE } from '@/domain/billing-errors';
import { PLAN_WAIT_CAP_MS } from './paddle-checkout.machine';
import { selectPaddleCheckoutError, selectPaddleCheckoutView } from './paddle-checkout.selectors';
import { createPaddleCheckoutHarness } from './paddle-flows.test-kit';

const PADDLE = '/api/v1/collab/5-11/billing-paddle';
const settle = async () => {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
};
const view = (h: ReturnType<typeof createPaddleCheckoutHarness>) =>
  selectPaddleCheckoutView(h.actor.getSnapshot());

describe('the Paddle checkout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the card of a live subscription as its update-payment-method transaction, then reads billing again', async () => {
    const h = createPaddleCheckoutHarness(null);
    await settle();
    expect(h.sent()).toEqual([{ call: `POST ${PADDLE}/card`, body: undefined }]);
    expect(h.overlay.opened).toEqual([{ transactionId: 'txn_card_1' }]);
    h.overlay.finish('completed');
    await settle();
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.refreshes).toHaveLength(1);
    // No plan to wait for: the subscription is not read.
    expect(h.sent().map(({ call }) => call)).not.toContain(`GET ${PADDLE}/subscription`);
    expect(h.overlay.open).toBe(false);
  });

  it('keeps reading the subscription until the webhook has put the team on the plan', async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    h.server.landing = { planId: 'plus_30', afterReads: 3 };
    h.overlay.finish('completed');
    await settle();
    expect(view(h)).toBe('waiting');
    for (let i = 0; i < 3; i++) await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(view(h)).toBe('subscribed');
    const reads = h.sent().filter(({ call }) => call === `GET ${PADDLE}/subscription`);
    expect(reads).toHaveLength(4);
  });

  it('gives up waiting for the plan with an error and Retry', async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    h.overlay.finish('completed');
    await settle();
    await vi.advanceTimersByTimeAsync(PLAN_WAIT_CAP_MS - 1);
    expect(view(h)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(view(h)).toBe('failed');
    expect(selectPaddleCheckoutError(h.actor.getSnapshot())).toBe(BILLING_UNKNOWN_ERROR_MESSAGE);
  });

  it("shows the server's refusal of the checkout, and opens the overlay on Retry", async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    h.server.failCheckout = true;
    h.restart();
    await settle();
    expect(selectPaddleCheckoutError(h.actor.getSnapshot())).toBe('The team already has a subscription');
    // Opened once, by the flow before it started over.
    expect(h.overlay.opened).toHaveLength(1);
    expect(h.overlay.open).toBe(false);
    h.actor.send({ type: 'checkout.retry' });
    await settle();
    expect(view(h)).toBe('open');
    expect(h.overlay.opened).toHaveLength(2);
  });

  it('says so when Paddle.js does not load', async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    h.overlay.failLoading = true;
    h.restart();
    await settle();
    expect(view(h)).toBe('failed');
    expect(selectPaddleCheckoutError(h.actor.getSnapshot())).toBe(BILLING_UNKNOWN_ERROR_MESSAGE);
  });

  it('goes back to the page unchanged when the overlay is closed before paying', async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    h.overlay.finish('closed');
    await settle();
    expect(h.actor.getSnapshot().value).toBe('closed');
    expect(h.refreshes).toEqual([]);
  });

  it('takes the overlay away when the flow stops (the page left)', async () => {
    const h = createPaddleCheckoutHarness('plus_30');
    await settle();
    expect(h.overlay.open).toBe(true);
    h.actor.stop();
    expect(h.overlay.open).toBe(false);
  });
});
