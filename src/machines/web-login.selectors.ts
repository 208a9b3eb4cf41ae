import type { SnapshotFrom } from 'xstate';
import type { webLoginMachine } from './web-login.machine';

type WebLoginSnapshot = SnapshotFrom<typeof webLoginMachine>;

/** Which screen shows: the email form, or 'Verify your email' after a link was mailed. */
export const selectStep = (snapshot: WebLoginSnapshot): 'form' | 'verify' =>
  snapshot.hasTag('verify') ? 'verify' : 'form';

/** A call or a redirect is under way: the buttons wait. */
export const selectBusy = (snapshot: WebLoginSnapshot): boolean => snapshot.hasTag('busy');

/** The address the link went to. */
export const selectEmail = (snapshot: WebLoginSnapshot): string => snapshot.context.email;

/** The link was mailed again: 'We have resent you a confirmation link.' */
export const selectResent = (snapshot: WebLoginSnapshot): boolean => snapshot.matches('resent');

/** Which provider button waits (the visitor's choice, or the one the address belongs to). */
export const selectProvider = (snapshot: WebLoginSnapshot) =>
  snapshot.matches('redirecting') ? snapshot.context.provider : null;

export const selectError = (snapshot: WebLoginSnapshot): string | null => snapshot.context.errorMessage;
