import { ActionIcon, Badge, Loader, Menu, Text } from '@mantine/core';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { Role, TeamUser } from '@/domain/entities';
import { displayName, memberStatusLabel } from '@/domain/members';
import { Avatar } from '@/ui/Avatar';
import classes from './MemberList.module.css';
import { DESTRUCTIVE_ROW_ACTIONS, MEMBER_ROW_ACTION_LABELS, type MemberRowAction } from './member-row-action';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

type RowStatus = 'Inactive' | 'Pending' | 'Active';

/** Banned reads 'Inactive' (the domain's label), else a pending invitation, else active. */
export function memberStatus(user: TeamUser): RowStatus {
  return memberStatusLabel(user) ?? (user.teamStatus === 'pending' ? 'Pending' : 'Active');
}

const STATUS_COLORS: Record<RowStatus, string> = { Inactive: 'gray', Pending: 'yellow', Active: 'green' };

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

interface RowMenuProps {
  name: string;
  actions: readonly MemberRowAction[];
  onPick: (action: MemberRowAction) => void;
}

/**
 * The row's button, and its menu once first opened. A Mantine Menu per row costs a popover whose
 * target ref sets state on mount; rows mounting by the dozen while the list scrolls fast then chain
 * enough updates to hit React's nested-update limit. So rows start with a plain button.
 */
function RowMenu({ name, actions, onPick }: RowMenuProps) {
  const [menuMounted, setMenuMounted] = useState(false);
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  // The menu's button replaced the plain one: focus it before opening, so closing returns there.
  useLayoutEffect(() => {
    if (!menuMounted) return;
    targetRef.current?.focus();
    setOpened(true);
  }, [menuMounted]);
  const label = `Actions for ${name}`;
  if (!menuMounted) {
    return (
      <ActionIcon
        variant="subtle"
        color="gray"
        className={classes.menuButton}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setMenuMounted(true)}
      >
        <DotsIcon />
      </ActionIcon>
    );
  }
  return (
    <Menu position="bottom-end" opened={opened} onChange={setOpened} withinPortal returnFocus>
      <Menu.Target>
        <ActionIcon
          ref={targetRef}
          variant="subtle"
          color="gray"
          className={classes.menuButton}
          aria-label={label}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            className={classes.menuItem}
            // Red 9: Mantine's default red 6 for a menu item is 3.3:1 on white.
            color={DESTRUCTIVE_ROW_ACTIONS.has(action) ? 'red.9' : undefined}
            onClick={() => {
              // Focus is back on the row's button before the pick may open a dialog, which then
              // returns it there on close (not to this item, gone by then).
              targetRef.current?.focus();
              onPick(action);
            }}
          >
            {MEMBER_ROW_ACTION_LABELS[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
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
