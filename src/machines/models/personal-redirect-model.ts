// Test model of the act-on-load personal pages (/pb/setup, /pb/portal, /pb/trial): what the person
// sees, as states, and what the person, the page or the server does, as events (prefixes as in
// billing-flow-models.ts). Invoke-free; the real machine is replayed along its paths in
// personal-redirect.model.test.ts.
import { createMachine } from 'xstate';

export const personalRedirectModel = createMachine({
  id: 'personalRedirectModel',
  initial: 'redirecting',
  states: {
    /** Asked the server, sent the browser on its way. */
    redirecting: {
      on: {
        'browser.leaves': 'left',
        'page.redirectTimesOut': 'timedOut',
        'server.fails': 'failed',
        'server.rejectsLogin': 'escalated',
      },
    },
    /** The call failed: its message with Retry. */
    failed: { on: { 'user.retries': 'redirecting' } },
    /** Still here after 30 s: an error with Retry. */
    timedOut: { on: { 'user.retries': 'redirecting' } },
    /** 401: the app's auth flow takes over. */
    escalated: {},
    left: {},
  },
});
