import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { TeamMembership } from '@/domain/entities';
import { canInvite } from '@/domain/permissions';
import { useScreenFlow } from '@/routes/screen-flow';
import { InviteSection, PendingInvitationsSection } from './invitations-section';
import { MemberListSection } from './member-list-section';
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
  const members = useScreenFlow(membersLogic, { ref: teamRef });
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
      />
    </Stack>
  );
}
