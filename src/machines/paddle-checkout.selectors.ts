import type { SnapshotFrom } from 'xstate';
import type { paddleCheckoutMachine } from './paddle-checkout.machine';

type PaddleCheckoutSnapshot = SnapshotFrom<typeof paddleCheckoutMachine>;

/** What the page shows of the flow: Paddle's overlay is on top while 'open'. */
export type PaddleCheckoutView = 'waiting' | 'open' | 'subscribed' | 'failed' | 'closed';

export const selectPaddleCheckoutView = (snapshot: PaddleCheckoutSnapshot): PaddleCheckoutView => {
  if (snapshot.status === 'done') return 'closed';
  if (snapshot.hasTag('busy')) return 'waiting';
  if (snapshot.matches('subscribed')) return 'subscribed';
  if (snapshot.matches('failed')) return 'failed';
  return 'open';
};

export const selectPaddleCheckoutError = (snapshot: PaddleCheckoutSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.errorMessage : null;
