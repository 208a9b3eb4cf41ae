import type { SnapshotFrom } from 'xstate';
import type { Team } from '@/domain/entities';
import type { SavedPlace, teamEditMachine } from './team-edit.machine';

type TeamEditSnapshot = SnapshotFrom<typeof teamEditMachine>;

/** The team as shown: confirmed plus the edits on their way. Stable while nothing changes. */
export const selectShownTeam = (snapshot: TeamEditSnapshot): Team => snapshot.context.shown;

/** Whether an edit is at the server. */
export const selectSaving = (snapshot: TeamEditSnapshot): boolean => snapshot.hasTag('saving');

export const selectNameError = (snapshot: TeamEditSnapshot): string | null =>
  snapshot.context.nameError?.message ?? null;

/** The name the server refused, to put back into the name field beside its message. */
export const selectRefusedName = (snapshot: TeamEditSnapshot): string | null =>
  snapshot.context.nameError?.attempted ?? null;

export const selectLogoError = (snapshot: TeamEditSnapshot): string | null => snapshot.context.logoError;

/** Where the last confirmed edit was made, while its quiet 'Saved' shows; null otherwise. */
export const selectSavedPlace = (snapshot: TeamEditSnapshot): SavedPlace | null => snapshot.context.saved;
