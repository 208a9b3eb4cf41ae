// The Members page (spec section 2, 'Members'): shown for the caller's membership in the team of
// the address; the team layout around it says 'Loading' or 'You are not a member of this team'.
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useServices } from '@/app/services-context';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { selectMembership } from '@/machines/team-registry.selectors';
import { MembersScreen } from '@/routes/team/members/members-screen';
import { useSelectorInTransition } from '@/routes/transition-selector';

export function MembersPage() {
  const { registry } = useServices();
  const ref = parseTeamUserRef(useParams().teamUser ?? '') ?? { teamId: 0, userId: 0 };
  const membershipSelector = useMemo(
    () => selectMembership(ref.teamId, ref.userId),
    [ref.teamId, ref.userId],
  );
  const membership = useSelectorInTransition(registry, membershipSelector);
  return membership ? <MembersScreen membership={membership} /> : null;
}
