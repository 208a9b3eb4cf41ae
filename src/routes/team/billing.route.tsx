// Team billing (spec section 2 'Team billing'), for the team's owner only: anyone else gets a note and
// no billing call. The team layout around it says 'Loading' or 'You are not a member of this team'.
import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useServices } from '@/app/services-context';
import { canAccessBilling } from '@/domain/permissions';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { selectMembership } from '@/machines/team-registry.selectors';
import { BillingScreen } from '@/routes/team/billing/billing-screen';
import { useSelectorInTransition } from '@/routes/transition-selector';

export function BillingPage() {
  const { registry } = useServices();
  const teamUser = parseTeamUserRef(useParams().teamUser ?? '') ?? { teamId: 0, userId: 0 };
  const membershipSelector = useMemo(
    () => selectMembership(teamUser.teamId, teamUser.userId),
    [teamUser.teamId, teamUser.userId],
  );
  const membership = useSelectorInTransition(registry, membershipSelector);
  if (!membership) return null;
  return (
    <Stack gap="md">
      <Title order={2}>Billing</Title>
      {canAccessBilling(membership.profile) ? (
        <BillingScreen membership={membership} teamUser={teamUser} />
      ) : (
        <Text>Only the team owner can see billing.</Text>
      )}
    </Stack>
  );
}
