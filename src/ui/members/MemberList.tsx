import { Text } from '@mantine/core';
import { useId, useRef } from 'react';
import type { TeamUser } from '@/domain/entities';
import classes from './MemberList.module.css';
import { MemberRow } from './MemberRow';
import type { MemberRowAction } from './member-row-action';
import { useFixedRowWindow } from './use-fixed-row-window';

/** Every row has this height (CSS too), so nothing is measured while scrolling. */
export const MEMBER_ROW_HEIGHT = 60;
/** The list scrolls inside a box at most this tall; shorter lists take just their height. */
export const MEMBER_LIST_MAX_HEIGHT = 600;
/** Rows rendered beyond the visible ones on each side, so fast scrolling shows no blank rows. */
const OVERSCAN = 8;

export interface MemberListProps {
  /** The rows on show, already filtered and ordered. */
  members: readonly TeamUser[];
  /** Stable across renders: rows re-render only when their own user changes. */
  actionsFor: (user: TeamUser) => readonly MemberRowAction[];
  busyIds: ReadonlySet<number>;
  avatarSrc: (avatar: string | null) => string | null;
  onAction: (user: TeamUser, action: MemberRowAction) => void;
  emptyText?: string;
}

/**
 * The member list, windowed: a team may have thousands of members, so only the rows in view (plus a
 * few) are in the DOM, each absolutely placed at a fixed height inside the scroll box.
 */
export function MemberList({
  members,
  actionsFor,
  busyIds,
  avatarSrc,
  onAction,
  emptyText = 'No one here',
}: MemberListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const boxHeight = Math.min(members.length * MEMBER_ROW_HEIGHT, MEMBER_LIST_MAX_HEIGHT);
  const { first, end } = useFixedRowWindow(scrollRef, {
    count: members.length,
    rowHeight: MEMBER_ROW_HEIGHT,
    overscan: OVERSCAN,
    boxHeight,
  });

  if (members.length === 0) {
    return (
      <Text c="dimmed" size="sm" className={classes.empty}>
        {emptyText}
      </Text>
    );
  }

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      style={{ height: boxHeight }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take the focus to scroll by keyboard
      tabIndex={0}
    >
      <ul
        aria-label="Members"
        className={classes.sizer}
        style={{ height: members.length * MEMBER_ROW_HEIGHT }}
      >
        {members.slice(first, end).map((user, offset) => {
          const index = first + offset;
          const nameId = `${idPrefix}-${user.id}`;
          return (
            <li
              key={user.id}
              aria-labelledby={nameId}
              aria-setsize={members.length}
              aria-posinset={index + 1}
              data-last={index === members.length - 1 || undefined}
              className={classes.item}
              style={{ transform: `translateY(${index * MEMBER_ROW_HEIGHT}px)` }}
            >
              <MemberRow
                user={user}
                nameId={nameId}
                actionsFor={actionsFor}
                busy={busyIds.has(user.id)}
                avatarSrc={avatarSrc}
                onAction={onAction}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
