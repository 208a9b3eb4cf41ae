// The screen-setup flow of a page whose first load may find its data asked for as the console
// started (api/early-answers.ts; decisions 041 and 043): in already, the flow starts ready with it
// (one render, one paint); on its way, the first load waits for that answer; otherwise, and for
// every later load (Retry, reload), it loads as any screen does.
import { assign, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import { answerOf, type EarlyEntry } from '@/api/early-answers';
import { errorOf } from '@/machines/actor-error';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useEarlyValue, useScreenFlow } from '@/routes/screen-flow';

/**
 * `early` names the page's early answer; `load` asks for the data as the page otherwise would. Only
 * the load's actor takes an answer on its way: it runs once the page has committed (a render React
 * throws away starts nothing).
 */
export function useScreenSetupStartingEarly<T>(
  early: () => EarlyEntry<T>,
  load: (api: ApiClient, signal?: AbortSignal) => Promise<T>,
) {
  const answered = useEarlyValue(early);
  return useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      guards: { isAnswered: () => answered !== null },
      actors: {
        load: fromPromise(({ signal }) => {
          const taken = early().take(() => load(api, signal));
          return taken ? answerOf(taken) : load(api, signal);
        }),
      },
      actions: {
        storeAnswer: assign({ data: () => answered }),
        escalate: ({ event }) => handleError(errorOf(event)),
      },
    }),
  );
}
