import { Combobox, Text, UnstyledButton, useCombobox } from '@mantine/core';
import { useId } from 'react';
import type { TeamMembership } from '@/domain/entities';
import { Avatar } from '@/ui/Avatar';
import classes from './TeamSelector.module.css';

export interface TeamRef {
  teamId: number;
  userId: number;
}

export interface TeamSelectorProps {
  /** The selectable memberships, already filtered and sorted by team name. */
  memberships: readonly TeamMembership[];
  /** The team on show, or null when none is. */
  current: TeamRef | null;
  loading: boolean;
  /** The list open inline (home page) instead of a dropdown. */
  expanded?: boolean;
  /**
   * The signed-in account's email: a membership's email shows only where it differs from it (one
   * person may join a team under another address). Unknown (null): every email shows.
   */
  signedInEmail?: string | null;
  onSelect: (teamId: number, userId: number) => void;
}

const optionValue = ({ team, profile }: TeamMembership) => `${team.id}-${profile.id}`;

const isCurrent = (membership: TeamMembership, current: TeamRef | null) =>
  current !== null && membership.team.id === current.teamId && membership.profile.id === current.userId;

const sameEmail = (a: string, b: string | null | undefined) =>
  b != null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Logo, team name and, where it differs from the signed-in one, the email of the membership. */
function TeamLabel({
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

/**
 * The user's teams (spec section 2, team selector). Options are named by the team name; the email
 * tells two memberships of one team apart as their description.
 */
export function TeamSelector({
  memberships,
  current,
  loading,
  expanded = false,
  signedInEmail = null,
  onSelect,
}: TeamSelectorProps) {
  const props = { memberships, current, loading, signedInEmail, onSelect };
  return expanded ? <TeamList {...props} /> : <TeamDropdown {...props} />;
}

type ListProps = Omit<TeamSelectorProps, 'expanded'>;

function TeamList({ memberships, current, loading, signedInEmail, onSelect }: ListProps) {
  const idPrefix = useId();
  if (loading) return <Text role="status">Loading...</Text>;
  if (memberships.length === 0) return <Text c="dimmed">No teams available</Text>;
  return (
    <ul className={classes.list}>
      {memberships.map((membership) => {
        const emailId = `${idPrefix}-${optionValue(membership)}`;
        return (
          <li key={optionValue(membership)}>
            <UnstyledButton
              className={classes.item}
              aria-label={membership.team.name}
              aria-describedby={sameEmail(membership.profile.email, signedInEmail) ? undefined : emailId}
              aria-current={isCurrent(membership, current) ? 'true' : undefined}
              onClick={() => onSelect(membership.team.id, membership.profile.id)}
            >
              <TeamLabel membership={membership} emailId={emailId} signedInEmail={signedInEmail} />
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}

function TeamDropdown({ memberships, current, loading, signedInEmail, onSelect }: ListProps) {
  const combobox = useCombobox();
  const idPrefix = useId();
  const selected = memberships.find((membership) => isCurrent(membership, current)) ?? null;

  const submit = (value: string) => {
    const membership = memberships.find((candidate) => optionValue(candidate) === value);
    combobox.closeDropdown();
    if (membership) onSelect(membership.team.id, membership.profile.id);
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} width={320} position="bottom-start">
      <Combobox.Target targetType="button">
        <UnstyledButton
          className={classes.target}
          disabled={loading}
          onClick={() => combobox.toggleDropdown()}
        >
          <span className={classes.targetLabel}>
            {loading ? (
              <Text size="sm">Loading...</Text>
            ) : selected ? (
              <TeamLabel membership={selected} signedInEmail={signedInEmail} />
            ) : (
              <Text size="sm">Select team</Text>
            )}
          </span>
          <Combobox.Chevron />
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options aria-label="Teams">
          {memberships.length === 0 ? (
            <Combobox.Empty>No teams available</Combobox.Empty>
          ) : (
            memberships.map((membership) => {
              const value = optionValue(membership);
              const currentOne = isCurrent(membership, current);
              return (
                <Combobox.Option
                  key={value}
                  value={value}
                  active={currentOne}
                  selected={currentOne}
                  aria-selected={currentOne}
                  aria-label={membership.team.name}
                  aria-describedby={
                    sameEmail(membership.profile.email, signedInEmail) ? undefined : `${idPrefix}-${value}`
                  }
                >
                  <TeamLabel
                    membership={membership}
                    emailId={`${idPrefix}-${value}`}
                    signedInEmail={signedInEmail}
                  />
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
