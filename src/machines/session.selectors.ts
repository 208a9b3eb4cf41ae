// What the session's views read from the session actor.
import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Signed out by a deliberate logout (here or in another tab), not by an expired session. */
export const selectLoggedOutOnPurpose = (snapshot: SessionSnapshot): boolean =>
  snapshot.matches('loggedOut') && snapshot.context.loggedOutOnPurpose;
