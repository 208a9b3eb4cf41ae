import type { SnapshotFrom } from 'xstate';
import type { TeamMembership } from '@/domain/entities';
import { findMembership, selectableMemberships } from '@/domain/memberships';
import type { teamRegistryMachine } from './team-registry.machine';

type RegistrySnapshot = SnapshotFrom<typeof teamRegistryMachine>;

export const selectRegistryLoading = (snapshot: RegistrySnapshot): boolean =>
  snapshot.matches('idle') || snapshot.hasTag('loading');

export const selectRegistryError = (snapshot: RegistrySnapshot): unknown =>
  snapshot.matches('failed') ? snapshot.context.error : null;

// Memoised on the memberships array so views re-render only when the list really changes.
let lastSource: TeamMembership[] | null = null;
let lastSelectable: TeamMembership[] = [];
export const selectSelectableMemberships = (snapshot: RegistrySnapshot): TeamMembership[] => {
  if (snapshot.context.memberships !== lastSource) {
    lastSource = snapshot.context.memberships;
    lastSelectable = selectableMemberships(lastSource);
  }
  return lastSelectable;
};

export const selectMembership =
  (teamId: number, userId: number) =>
  (snapshot: RegistrySnapshot): TeamMembership | null =>
    findMembership(snapshot.context.memberships, teamId, userId);
