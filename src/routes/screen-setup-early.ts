// The screen-setup flow of a page whose first load may find its data asked for as the console
// started (api/early-answers.ts; decisions 041 and 043): in already, the flow starts ready with it
// (one render, one paint); on its way, the first load waits for that answer; otherwise, and for
// every later load (Retry, reload), it loads as any screen does.
import { assign, fromPromise } from 'xstate';
import type { EarlyAnswer } from '@/api/early-answers';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';

export function screenSetupTakingEarly<T>(
  early: EarlyAnswer<T> | null,
  load: (signal: AbortSignal) => Promise<T>,
  escalate: (error: unknown) => void,
) {
  const answered = early && 'value' in early ? early.value : null;
  let pending = early && 'answer' in early ? early.answer : null;
  return screenSetupMachine.provide({
    guards: { isAnswered: () => answered !== null },
    actors: {
      load: fromPromise(({ signal }) => {
        const first = pending;
        pending = null;
        return first ?? load(signal);
      }),
    },
    actions: {
      storeAnswer: assign({ data: () => answered }),
      escalate: ({ event }) => escalate(errorOf(event)),
    },
  });
}
