import type { SnapshotFrom } from 'xstate';
import type { personalRedirectMachine } from './personal-redirect.machine';

type PersonalRedirectSnapshot = SnapshotFrom<typeof personalRedirectMachine>;

/** Asking the server or waiting for the browser to leave. */
export const selectRedirectBusy = (snapshot: PersonalRedirectSnapshot): boolean => snapshot.hasTag('busy');

/** The error box's message: the call failed or the redirect timed out. */
export const selectRedirectError = (snapshot: PersonalRedirectSnapshot): string | null =>
  snapshot.matches('failed') || snapshot.matches('timedOut') ? snapshot.context.errorMessage : null;
