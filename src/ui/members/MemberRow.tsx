import { ActionIcon, Badge, Loader, Text } from '@mantine/core';
import { type ComponentPropsWithoutRef, memo, type Ref } from 'react';
import type { Role, TeamUser } from '@/domain/entities';
import { displayName, memberStatusLabel } from '@/domain/members';
import { Avatar } from '@/ui/Avatar';
import { lazyPopup } from '@/ui/lazy-popup';
import classes from './MemberList.module.css';
import type { MemberRowAction, RowMenuProps } from './member-row-action';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

type RowStatus = 'Inactive' | 'Pending' | 'Active';

/** Banned reads 'Inactive' (the domain's label), else a pending invitation, else active. */
export function memberStatus(user: TeamUser): RowStatus {
  return memberStatusLabel(user) ?? (user.teamStatus === 'pending' ? 'Pending' : 'Active');
}

// Inactive's dot: Mantine's gray filled colour is gray 8 in the dark scheme, 1.1:1 on the badge's
// dark 5, so it takes a colour per scheme from color-scheme.css that reads at 4.5:1.
const STATUS_COLORS: Record<RowStatus, string> = {
  Inactive: 'var(--app-status-inactive)',
  Pending: 'yellow',
  Active: 'green',
};

export interface MemberRowProps {
  user: TeamUser;
  /** Id of the name element: the list item is named by it. */
  nameId: string;
  /** Menu entries for this row; none: no menu at all. */
  actionsFor: (user: TeamUser) => readonly MemberRowAction[];
  /** An action on this row is on its way: the menu waits. */
  busy: boolean;
  avatarSrc: (avatar: string | null) => string | null;
  onAction: (user: TeamUser, action: MemberRowAction) => void;
}

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

interface RowMenuButtonProps extends ComponentPropsWithoutRef<'button'> {
  /** Whom the row shows: the button reads 'Actions for {name}'. */
  name: string;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** The row's '...' button (plain before the first open, then the menu's). */
function RowMenuButton({ name, ref, ...rest }: RowMenuButtonProps) {
  return (
    <ActionIcon
      ref={ref}
      variant="subtle"
      color="gray"
      className={classes.menuButton}
      aria-label={`Actions for ${name}`}
      {...rest}
    >
      <DotsIcon />
    </ActionIcon>
  );
}

// The row's menu loads on the first open (lazyPopup); a first paint shows plain buttons.
const RowMenuPopup = lazyPopup<RowMenuProps>(
  () => import('./RowMenuOpen').then((module) => module.RowMenuOpen),
  'menu',
);

/** Loads the row menu ahead of the first open (tests). */
export const preloadRowMenu = RowMenuPopup.preload;

/**
 * The row's button, and its menu once first opened. Beside the module's weight: a Mantine Menu per
 * row costs a popover whose target ref sets state on mount; rows mounting by the dozen while the
 * list scrolls fast then chain enough updates to hit React's nested-update limit.
 */
function RowMenu(props: RowMenuProps) {
  return <RowMenuPopup {...props} trigger={(button) => <RowMenuButton name={props.name} {...button} />} />;
}

/** One member: avatar, name, email, role, status and, when allowed, a menu of actions. */
export const MemberRow = memo(function MemberRow({
  user,
  nameId,
  actionsFor,
  busy,
  avatarSrc,
  onAction,
}: MemberRowProps) {
  const name = displayName(user);
  const status = memberStatus(user);
  const actions = actionsFor(user);
  return (
    <div className={classes.row} data-banned={user.isBanned || undefined}>
      <span aria-hidden className={classes.avatar}>
        <Avatar name={name} src={avatarSrc(user.avatar)} size={36} />
      </span>
      <div className={classes.who}>
        {name === user.email ? (
          // No name yet (an invitee): the address is the name, wrapped (up to three lines), not cut.
          <Text id={nameId} fw={500} lineClamp={3} className={classes.address}>
            {name}
          </Text>
        ) : (
          <Text id={nameId} size="sm" fw={500} truncate>
            {name}
          </Text>
        )}
        {name !== user.email && (
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        )}
      </div>
      <Text size="sm" className={classes.role}>
        {ROLE_LABELS[user.role]}
      </Text>
      <div className={classes.status}>
        {/* A coloured dot beside dark text: light badges put yellow or green text on a tint below 4.5:1. */}
        <Badge variant="dot" color={STATUS_COLORS[status]} radius="sm" tt="none">
          {status}
        </Badge>
      </div>
      <div className={classes.actions}>
        {actions.length > 0 &&
          (busy ? (
            <Loader size="xs" role="status" aria-label={`Saving ${name}`} />
          ) : (
            <RowMenu name={name} actions={actions} onPick={(action) => onAction(user, action)} />
          ))}
      </div>
    </div>
  );
});
