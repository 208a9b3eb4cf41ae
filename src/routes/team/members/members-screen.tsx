import { Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TeamMembership } from '@/domain/entities';
import { DEFAULT_MEMBER_FILTER, type MemberFilter, parseMemberFilter } from '@/domain/members';
import { canInvite } from '@/domain/permissions';
import { useRouteData } from '@/routes/loads/use-route-data';
import { useScreenFlow } from '@/routes/screen-flow';
import { InviteSection, PendingInvitationsSection } from './invitations-section';
import { MemberListSection } from './member-list-section';
import { firstMembersPageLoad } from './members.load';
import { membersLogic } from './members-logic';
import { ProfileSection } from './profile-section';

/**
 * The Members page of one team user (spec section 2, 'Members'): the own profile block, the pending
 * invitation banner, and the member list with its filter, actions and the invite form. Its flows
 * start with the page and stop when it leaves.
 */
export function MembersScreen({ membership }: { membership: TeamMembership }) {
  const { team, profile } = membership;
  const [teamRef] = useState(() => ({ teamId: team.id, userId: profile.id }));
  const { filter, search, setListView } = useListViewInAddress();
  // The first page its route asked for (members.load.ts): in already, the list starts with it, in
  // the page's first paint; else the first load waits for it.
  const firstPage = useRouteData(firstMembersPageLoad);
  const members = useScreenFlow((services) => membersLogic(services, firstPage), {
    ref: teamRef,
    filter,
    search,
    firstPage: firstPage.value,
  });
  // The address is the list view's source: reload, back and shared links keep filter and search.
  useEffect(() => members.send({ type: 'members.filter', filter }), [members, filter]);
  useEffect(() => members.send({ type: 'members.search', search }), [members, search]);
  // Inviting is for owners and admins (docs/api.md, invite).
  const mayInvite = canInvite(profile);
  return (
    <Stack gap="lg">
      <ProfileSection teamRef={teamRef} profile={profile} members={members} />
      <PendingInvitationsSection membership={membership} members={members} />
      <MemberListSection
        membership={membership}
        members={members}
        inviteForm={mayInvite ? <InviteSection membership={membership} members={members} /> : null}
        onFilterChange={(next) => setListView({ filter: next })}
        search={search}
        onSearchChange={(next) => setListView({ search: next })}
      />
    </Stack>
  );
}

/** `?filter=` and `?search=` of the Members page; changes replace the entry (no history per keystroke). */
function useListViewInAddress() {
  const [params, setParams] = useSearchParams();
  // The latest wanted query: two quick changes (a keystroke, then a filter) must build on each
  // other, while the router may not have applied the first yet.
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const filter = parseMemberFilter(params.get('filter'));
  const search = params.get('search') ?? '';
  const setListView = useCallback(
    (next: { filter?: MemberFilter; search?: string }) => {
      const updated = new URLSearchParams(latest.current);
      if (next.filter !== undefined) {
        if (next.filter === DEFAULT_MEMBER_FILTER) updated.delete('filter');
        else updated.set('filter', next.filter);
      }
      if (next.search !== undefined) {
        if (next.search.trim() === '') updated.delete('search');
        else updated.set('search', next.search);
      }
      latest.current = updated;
      setParams(updated, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  return { filter, search, setListView };
}
