import type { SnapshotFrom } from 'xstate';
import type { Flash } from '@/domain/entities';
import type { flashMachine } from './flash.machine';

type FlashSnapshot = SnapshotFrom<typeof flashMachine>;

/** The one flash on screen, or null. Stable identity while the same flash shows. */
export const selectShownFlash = (snapshot: FlashSnapshot): Flash | null =>
  snapshot.hasTag('visible') ? (snapshot.context.queue[0] ?? null) : null;

export const selectWaitingCount = (snapshot: FlashSnapshot): number =>
  Math.max(0, snapshot.context.queue.length - 1);
