import type { SnapshotFrom } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import type { memberProfileMachine } from './members-profile.machine';

type ProfileSnapshot = SnapshotFrom<typeof memberProfileMachine>;

export const selectProfileUser = (snapshot: ProfileSnapshot): TeamUser => snapshot.context.user;
export const selectNameError = (snapshot: ProfileSnapshot): string | null => snapshot.context.nameError;
export const selectNameRevision = (snapshot: ProfileSnapshot): number => snapshot.context.nameRevision;
export const selectSavingName = (snapshot: ProfileSnapshot): boolean => snapshot.hasTag('savingName');
export const selectAvatarError = (snapshot: ProfileSnapshot): string | null => snapshot.context.avatarError;
export const selectAvatarBusy = (snapshot: ProfileSnapshot): boolean => snapshot.hasTag('avatarBusy');
export const selectConfirmingAvatarDelete = (snapshot: ProfileSnapshot): boolean =>
  snapshot.hasTag('confirmingAvatarDelete');
