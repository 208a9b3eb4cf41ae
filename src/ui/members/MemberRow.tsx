import { ActionIcon, Badge, Loader, Menu, Text } from '@mantine/core';
import { memo } from 'react';
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
      <span aria-hidden>
        <Avatar name={name} src={avatarSrc(user.avatar)} size={36} />
      </span>
      <div className={classes.who}>
        <Text id={nameId} size="sm" fw={500} truncate>
          {name}
        </Text>
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
        <Badge variant="light" color={STATUS_COLORS[status]} radius="sm">
          {status}
        </Badge>
      </div>
      <div className={classes.actions}>
        {actions.length > 0 &&
          (busy ? (
            <Loader size="xs" role="status" aria-label={`Saving ${name}`} />
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
                  <DotsIcon />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {actions.map((action) => (
                  <Menu.Item
                    key={action}
                    color={DESTRUCTIVE_ROW_ACTIONS.has(action) ? 'red' : undefined}
                    onClick={() => onAction(user, action)}
                  >
                    {MEMBER_ROW_ACTION_LABELS[action]}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
      </div>
    </div>
  );
});
