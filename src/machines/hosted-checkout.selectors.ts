import type { SnapshotFrom } from 'xstate';
import type { hostedCheckoutMachine } from './hosted-checkout.machine';

type HostedCheckoutSnapshot = SnapshotFrom<typeof hostedCheckoutMachine>;

/** Creating the session or waiting for the browser to leave. */
export const selectRedirecting = (snapshot: HostedCheckoutSnapshot): boolean => snapshot.hasTag('busy');

export const selectRedirectError = (snapshot: HostedCheckoutSnapshot): string | null =>
  snapshot.matches('failed') ? snapshot.context.errorMessage : null;

export const selectHostedCheckoutOpen = (snapshot: HostedCheckoutSnapshot): boolean =>
  snapshot.status !== 'done';
