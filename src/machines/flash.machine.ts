// The flash queue (spec sections 2 and 4): messages wait in line, only the first one shows, each
// closes by itself after 5000 ms or when the user closes it, and closing shows the next.
import { assertEvent, assign, setup } from 'xstate';
import type { Flash } from '@/domain/entities';

/** Spec section 9. */
export const FLASH_AUTO_CLOSE_MS = 5000;

export interface FlashContext {
  queue: Flash[];
  /** Source of flash ids, so a close can name the flash it means. */
  nextId: number;
}

export type FlashEvent =
  | { type: 'flash.show'; variant: Flash['variant']; message: string }
  | { type: 'flash.close'; id?: string };

export const flashMachine = setup({
  types: {
    context: {} as FlashContext,
    events: {} as FlashEvent,
  },
  delays: {
    autoClose: FLASH_AUTO_CLOSE_MS,
  },
  actions: {
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'flash.show');
      const flash: Flash = { id: `flash-${context.nextId}`, variant: event.variant, message: event.message };
      return { queue: [...context.queue, flash], nextId: context.nextId + 1 };
    }),
    dropShown: assign(({ context }) => ({ queue: context.queue.slice(1) })),
    dropWaiting: assign(({ context, event }) => {
      assertEvent(event, 'flash.close');
      return { queue: context.queue.filter((flash) => flash.id !== event.id) };
    }),
  },
  guards: {
    hasWaitingFlashes: ({ context }) => context.queue.length > 0,
    closesShownFlash: ({ context, event }) =>
      event.type === 'flash.close' && (event.id === undefined || event.id === context.queue[0]?.id),
  },
}).createMachine({
  id: 'flash',
  context: { queue: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      on: { 'flash.show': { target: 'showing', actions: 'enqueue' } },
    },
    showing: {
      tags: 'visible',
      after: { autoClose: { target: 'next', actions: 'dropShown' } },
      on: {
        'flash.show': { actions: 'enqueue' },
        'flash.close': [
          { guard: 'closesShownFlash', target: 'next', actions: 'dropShown' },
          { actions: 'dropWaiting' },
        ],
      },
    },
    // Re-entering `showing` restarts the 5000 ms timer for the next flash.
    next: {
      always: [{ guard: 'hasWaitingFlashes', target: 'showing' }, { target: 'idle' }],
    },
  },
});
