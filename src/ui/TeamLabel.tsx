import { Text } from '@mantine/core';
import type { TeamMembership } from '@/domain/entities';
import { Avatar } from '@/ui/Avatar';
import classes from './TeamSelector.module.css';

// What the closed selector (TeamSelector.tsx) and its open dropdown (TeamSelectorOpen.tsx, loaded on
// the first open) share. It lives below both so that neither imports the other's values.

export interface TeamRef {
  teamId: number;
  userId: number;
}

export const optionValue = ({ team, profile }: TeamMembership) => `${team.id}-${profile.id}`;

export const isCurrent = (membership: TeamMembership, current: TeamRef | null) =>
  current !== null && membership.team.id === current.teamId && membership.profile.id === current.userId;

export const sameEmail = (a: string, b: string | null | undefined) =>
  b != null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Logo, team name and, where it differs from the signed-in one, the email of the membership. */
export function TeamLabel({
  membership,
  emailId,
  signedInEmail,
}: {
  membership: TeamMembership;
  emailId?: string | undefined;
  signedInEmail?: string | null | undefined;
}) {
  const { team, profile } = membership;
  const showEmail = !sameEmail(profile.email, signedInEmail);
  return (
    <span className={classes.team}>
      <span aria-hidden>
        <Avatar name={team.name} src={team.logo} size={36} />
      </span>
      <span className={classes.teamText}>
        <Text size="sm" fw={500} truncate>
          {team.name}
        </Text>
        {showEmail && (
          <Text id={emailId} size="xs" c="dimmed" truncate>
            {profile.email}
          </Text>
        )}
      </span>
    </span>
  );
}

/** What the list, the dropdown and its open form take: TeamSelector's props but `expanded`. */
export interface TeamChoiceProps {
  /** The selectable memberships, already filtered and sorted by team name. */
  memberships: readonly TeamMembership[];
  /** The team on show, or null when none is. */
  current: TeamRef | null;
  loading: boolean;
  /**
   * The signed-in account's email: a membership's email shows only where it differs from it (one
   * person may join a team under another address). Unknown (null): every email shows.
   */
  signedInEmail?: string | null;
  onSelect: (teamId: number, userId: number) => void;
}
