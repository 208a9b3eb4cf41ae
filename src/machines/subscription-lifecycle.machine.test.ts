import { createActor, fromPromise } from 'xstate';
import type { Subscription } from '@/domain/entities';
import { deferred } from './session.test-kit';
import { subscriptionLifecycleMachine } from './subscription-lifecycle.machine';
import {
  selectCancelled,
  selectConfirmingPayment,
  selectLifecycleError,
  selectLifecyclePhase,
} from './subscription-lifecycle.selectors';

const NOW = 1_800_000_000_000;
const sub = (over: Partial<Subscription>): Subscription => ({
  status: 'active',
  planId: 'pro_30',
  cancelAt: null,
  nextPaymentAt: null,
  nextPaymentAmount: null,
  nextPaymentProrations: [],
  trialEndAt: null,
  pendingPaymentIntentSecret: null,
  ...over,
});

function start(subscription: Subscription | null) {
  const confirms: { clientSecret: string; reply: ReturnType<typeof deferred<string | null>> }[] = [];
  const reloads: ReturnType<typeof deferred<void>>[] = [];
  const cardErrors: string[] = [];
  const actor = createActor(
    subscriptionLifecycleMachine.provide({
      actors: {
        confirmPayment: fromPromise(({ input }) => {
          const reply = deferred<string | null>();
          confirms.push({ clientSecret: input.clientSecret, reply });
          return reply.promise;
        }),
        reloadBilling: fromPromise(() => {
          const reply = deferred<void>();
          reloads.push(reply);
          return reply.promise;
        }),
      },
      actions: { showCardError: (_, message) => cardErrors.push(message) },
    }),
    { input: { subscription, now: NOW } },
  ).start();
  const update = (next: Subscription | null) =>
    actor.send({ type: 'billing.updated', subscription: next, now: NOW });
  return { actor, confirms, reloads, cardErrors, update };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscription lifecycle', () => {
  it('counts no subscription and an incomplete one as none', () => {
    expect(selectLifecyclePhase(start(null).actor.getSnapshot())).toBe('none');
    expect(selectLifecyclePhase(start(sub({ status: 'incomplete' })).actor.getSnapshot())).toBe('none');
  });

  it('reads trialing and active, cancelled while cancelAt is ahead', () => {
    const trialing = start(sub({ status: 'trialing', cancelAt: NOW / 1000 + 3600 })).actor.getSnapshot();
    expect(selectLifecyclePhase(trialing)).toBe('trialing');
    expect(selectCancelled(trialing)).toBe(true);
    const active = start(sub({ cancelAt: NOW / 1000 - 3600 })).actor.getSnapshot();
    expect(selectLifecyclePhase(active)).toBe('active');
    expect(selectCancelled(active)).toBe(false);
  });

  it('reports any other status as unexpected', () => {
    const snapshot = start(sub({ status: 'past_due' })).actor.getSnapshot();
    expect(selectLifecyclePhase(snapshot)).toBe('unexpected');
    expect(selectLifecycleError(snapshot)).toBe('Unexpected subscription status');
  });

  it('confirms an incomplete subscription’s pending payment, then reads billing again', async () => {
    const h = start(sub({ status: 'incomplete', pendingPaymentIntentSecret: 'pi_1_secret_a' }));
    expect(selectConfirmingPayment(h.actor.getSnapshot())).toBe(true);
    expect(h.confirms.map((call) => call.clientSecret)).toEqual(['pi_1_secret_a']);
    h.confirms[0]?.reply.resolve(null);
    await flush();
    expect(h.reloads).toHaveLength(1);
    h.update(sub({ status: 'active' }));
    expect(selectLifecyclePhase(h.actor.getSnapshot())).toBe('active');
    expect(h.cardErrors).toEqual([]);
  });

  it('confirms a plan change waiting for 3-D Secure on an active subscription; a failure flashes the card’s message', async () => {
    const h = start(sub({ pendingPaymentIntentSecret: 'pi_2_secret_b' }));
    h.confirms[0]?.reply.resolve('We are unable to authenticate your payment method.');
    await flush();
    expect(h.cardErrors).toEqual(['We are unable to authenticate your payment method.']);
    // Billing still shows the same secret: it is not confirmed again, the subscription reads as it is.
    h.update(sub({ pendingPaymentIntentSecret: 'pi_2_secret_b' }));
    expect(h.confirms).toHaveLength(1);
    expect(selectLifecyclePhase(h.actor.getSnapshot())).toBe('active');
  });

  it('keeps billing read during a confirmation for afterwards, without confirming twice', async () => {
    const h = start(sub({ pendingPaymentIntentSecret: 'pi_3_secret_c' }));
    h.update(sub({ pendingPaymentIntentSecret: 'pi_3_secret_c' }));
    expect(h.confirms).toHaveLength(1);
    expect(h.actor.getSnapshot().matches('confirmingPayment')).toBe(true);
  });

  it("says 'Subscription expected' when billing shows none after a confirmation", async () => {
    const h = start(sub({ status: 'incomplete', pendingPaymentIntentSecret: 'pi_4_secret_d' }));
    h.confirms[0]?.reply.resolve(null);
    await flush();
    h.update(null);
    expect(selectLifecyclePhase(h.actor.getSnapshot())).toBe('unexpected');
    expect(selectLifecycleError(h.actor.getSnapshot())).toBe('Subscription expected');
  });
});
