import type { SnapshotFrom } from 'xstate';
import type { paddlePayLinkMachine } from './paddle-pay-link.machine';

export type PaddlePayLinkStatus =
  | 'loading'
  | 'open'
  | 'closed'
  | 'paid'
  | 'invalid'
  | 'unavailable'
  | 'failed';

/** The payment link page's one status, for its view. */
export function selectPayLinkStatus(
  snapshot: SnapshotFrom<typeof paddlePayLinkMachine>,
): PaddlePayLinkStatus {
  if (snapshot.matches({ checkout: 'paid' })) return 'paid';
  if (snapshot.matches({ checkout: 'closed' })) return 'closed';
  if (snapshot.matches({ checkout: 'opening' })) return 'open';
  if (snapshot.matches('invalid')) return 'invalid';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}
