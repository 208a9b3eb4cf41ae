import type { SnapshotFrom } from 'xstate';
import type { TeamExitKind, teamExitMachine } from './team-exit.machine';

type TeamExitSnapshot = SnapshotFrom<typeof teamExitMachine>;

/** Which dialog is open, or null. */
export const selectOpenDialog = (snapshot: TeamExitSnapshot): TeamExitKind | null =>
  snapshot.hasTag('open') ? snapshot.context.kind : null;

/** The call is running: the dialog's buttons wait. */
export const selectExitBusy = (snapshot: TeamExitSnapshot): boolean => snapshot.hasTag('busy');

export const selectExitError = (snapshot: TeamExitSnapshot): string | null => snapshot.context.errorMessage;
