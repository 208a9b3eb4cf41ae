import { Text, UnstyledButton } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef, useId } from 'react';
import type { TeamMembership } from '@/domain/entities';
import { lazyPopup } from '@/ui/lazy-popup';
import { isCurrent, optionValue, sameEmail, type TeamChoiceProps, TeamLabel } from './TeamLabel';
import classes from './TeamSelector.module.css';

/** The dropdown's up-and-down arrows (Mantine's Combobox chevron, without loading the Combobox). */
function SelectorChevron() {
  return (
    <svg className={classes.chevron} viewBox="0 0 15 15" fill="none" aria-hidden="true">
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

interface TeamSelectorButtonProps extends ComponentPropsWithoutRef<'button'> {
  selected: TeamMembership | null;
  loading: boolean;
  signedInEmail: string | null | undefined;
}

/**
 * The dropdown's button: the team on show ('Select team' when none is, 'Loading...' while loading,
 * and disabled then, as in the team frame painted from HTML, where it stands alone).
 */
export const TeamSelectorButton = forwardRef<HTMLButtonElement, TeamSelectorButtonProps>(
  function TeamSelectorButton({ selected, loading, signedInEmail, ...rest }, ref) {
    return (
      <UnstyledButton ref={ref} className={classes.target} disabled={loading} {...rest}>
        <span className={classes.targetLabel}>
          {loading ? (
            <Text size="sm">Loading...</Text>
          ) : selected ? (
            <TeamLabel membership={selected} signedInEmail={signedInEmail} />
          ) : (
            <Text size="sm">Select team</Text>
          )}
        </span>
        <SelectorChevron />
      </UnstyledButton>
    );
  },
);

export interface TeamSelectorProps extends TeamChoiceProps {
  /** The list open inline (home page) instead of a dropdown. */
  expanded?: boolean;
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

function TeamList({ memberships, current, loading, signedInEmail, onSelect }: TeamChoiceProps) {
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

// Mantine's Combobox loads on the first open (lazyPopup): a first paint shows the button alone.
const TeamSelectorPopup = lazyPopup<TeamChoiceProps>(
  () => import('./TeamSelectorOpen').then((module) => module.TeamSelectorOpen),
  'listbox',
);

/** Loads the dropdown ahead of the first open (tests). */
export const preloadTeamSelector = TeamSelectorPopup.preload;

function TeamDropdown(props: TeamChoiceProps) {
  const { memberships, current, loading, signedInEmail } = props;
  const selected = memberships.find((membership) => isCurrent(membership, current)) ?? null;
  return (
    <TeamSelectorPopup
      {...props}
      trigger={(button) => (
        <TeamSelectorButton selected={selected} loading={loading} signedInEmail={signedInEmail} {...button} />
      )}
    />
  );
}
