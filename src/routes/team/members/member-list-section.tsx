import { Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useServices } from '@/app/services-context';
import { groupThousands } from '@/domain/english-format';
import type { TeamMembership, TeamUser } from '@/domain/entities';
import type { MemberFilter } from '@/domain/members';
import { displayName } from '@/domain/members';
import { memberRowActions } from '@/domain/permissions';
import {
  createBusyUserIdsSelector,
  createVisibleMembersSelector,
  selectMemberFilter,
  selectMemberSearch,
  selectMembersError,
  selectMembersLoading,
  selectMembersLoadingMore,
  selectUserToDelete,
} from '@/machines/members.selectors';
import { useSelections } from '@/routes/screen-flow';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { ErrorBox } from '@/ui/ErrorBox';
import { MemberFilterControl } from '@/ui/members/MemberFilterControl';
import { MemberList } from '@/ui/members/MemberList';
import { MemberSearchField } from '@/ui/members/MemberSearchField';
import type { MemberRowAction } from '@/ui/members/member-row-action';
import { avatarSrc } from './avatar-src';
import type { MembersActorRef } from './members-logic';
import { requestFor, rowActionsFor } from './row-actions';

/** Spec section 8: the Delete dialog. */
export function deleteMemberQuestion(user: string, team: string): string {
  return `You are going to remove ${user} from ${team}.`;
}

const peopleCount = (count: number) => (count === 1 ? '1 person' : `${groupThousands(count)} people`);

export function MemberListSection({
  membership,
  members,
  inviteForm,
  onFilterChange,
  search: addressSearch,
  onSearchChange,
}: {
  membership: TeamMembership;
  members: MembersActorRef;
  /** The invite form, for those who may invite. */
  inviteForm: ReactNode;
  /** Filter and search live in the page's address; the page hands them on to the list's flow. */
  onFilterChange: (filter: MemberFilter) => void;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  const { api } = useServices();
  const { team, profile } = membership;
  // The visible rows and busy ids are memoized per view: their selectors are made once here.
  const [listView] = useState(() => ({
    visible: createVisibleMembersSelector(),
    busyIds: createBusyUserIdsSelector(),
    filter: selectMemberFilter,
    search: selectMemberSearch,
    loading: selectMembersLoading,
    loadingMore: selectMembersLoadingMore,
    error: selectMembersError,
    userToDelete: selectUserToDelete,
  }));
  const { visible, busyIds, filter, search, loading, loadingMore, error, userToDelete } = useSelections(
    members,
    listView,
  );

  // Stable callbacks, so a row re-renders only when its own user (or the caller's rights) change.
  const actionsFor = useCallback(
    (user: TeamUser) => rowActionsFor(memberRowActions(profile, team, user), user),
    [profile, team],
  );
  const onAction = useCallback(
    (user: TeamUser, action: MemberRowAction) =>
      members.send({ type: 'member.act', userId: user.id, request: requestFor(action) }),
    [members],
  );
  const rowAvatarSrc = useCallback((avatar: string | null) => avatarSrc(api, avatar), [api]);
  const list = useMemo(
    () => (
      <MemberList
        members={visible}
        actionsFor={actionsFor}
        busyIds={busyIds}
        avatarSrc={rowAvatarSrc}
        onAction={onAction}
        emptyText={
          search.trim() !== ''
            ? 'No one matches this search'
            : filter === 'everyone'
              ? 'No members yet'
              : 'No one matches this filter'
        }
      />
    ),
    [visible, actionsFor, busyIds, rowAvatarSrc, onAction, filter, search],
  );

  return (
    // Clips the list's square rows to the rounded corners.
    <Paper withBorder style={{ overflow: 'hidden' }}>
      <Stack gap="md" p="lg" pb="md">
        <Title order={2} size="h4">
          Members
        </Title>
        {inviteForm}
        <Group justify="space-between" gap="sm">
          <MemberFilterControl value={filter} onChange={onFilterChange} />
          {!loading && (
            <Group gap="xs">
              {loadingMore && <Loader size="xs" aria-hidden />}
              <Text size="sm" c="dimmed" role="status">
                {loadingMore
                  ? `Loading members… ${peopleCount(visible.length)} so far`
                  : peopleCount(visible.length)}
              </Text>
            </Group>
          )}
        </Group>
        <MemberSearchField value={addressSearch} onChange={onSearchChange} />
        {error && <ErrorBox message={error} onRetry={() => members.send({ type: 'members.retry' })} />}
      </Stack>
      {loading ? (
        <Group gap="xs" p="lg">
          <Loader size="sm" aria-hidden />
          <Text role="status">Loading members...</Text>
        </Group>
      ) : (
        list
      )}
      <ConfirmDialog
        opened={userToDelete !== null}
        title="Delete user"
        message={userToDelete ? deleteMemberQuestion(displayName(userToDelete), team.name) : ''}
        confirmLabel="Delete"
        onConfirm={() => members.send({ type: 'dialog.confirm' })}
        onDismiss={() => members.send({ type: 'dialog.cancel' })}
      />
    </Paper>
  );
}
