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
  onSelect: (teamId: number, userId: number) => void;
}

const optionValue = ({ team, profile }: TeamMembership) => `${team.id}-${profile.id}`;

const isCurrent = (membership: TeamMembership, current: TeamRef | null) =>
  current !== null && membership.team.id === current.teamId && membership.profile.id === current.userId;

/** Logo, team name and the email of the user's membership in it. */
function TeamLabel({ membership, emailId }: { membership: TeamMembership; emailId?: string }) {
  const { team, profile } = membership;
  return (
    <span className={classes.team}>
      <span aria-hidden>
        <Avatar name={team.name} src={team.logo} size={36} />
      </span>
      <span className={classes.teamText}>
        <Text size="sm" fw={500} truncate>
          {team.name}
        </Text>
        <Text id={emailId} size="xs" c="dimmed" truncate>
          {profile.email}
        </Text>
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
  onSelect,
}: TeamSelectorProps) {
  if (expanded) {
    return <TeamList memberships={memberships} current={current} loading={loading} onSelect={onSelect} />;
  }
  return <TeamDropdown memberships={memberships} current={current} loading={loading} onSelect={onSelect} />;
}

type ListProps = Omit<TeamSelectorProps, 'expanded'>;

function TeamList({ memberships, current, loading, onSelect }: ListProps) {
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
              aria-describedby={emailId}
              aria-current={isCurrent(membership, current) ? 'true' : undefined}
              onClick={() => onSelect(membership.team.id, membership.profile.id)}
            >
              <TeamLabel membership={membership} emailId={emailId} />
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}

function TeamDropdown({ memberships, current, loading, onSelect }: ListProps) {
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
              <TeamLabel membership={selected} />
            ) : (
              <Text size="sm">Select team</Text>
            )}
          </span>
          <Combobox.Chevron />
        </UnstyledButton>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
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
                  aria-describedby={`${idPrefix}-${value}`}
                >
                  <TeamLabel membership={membership} emailId={`${idPrefix}-${value}`} />
                </Combobox.Option>
              );
            })
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
