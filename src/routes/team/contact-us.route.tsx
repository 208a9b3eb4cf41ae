// Contact us (spec section 2, Contact-us): the scheduling widget prefilled with the user's name and
// email; paying teams book customer success, basic teams sales (app/config.ts schedulingLinks).
import { Stack, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { prefilledSchedulingUrl, schedulingLinks } from '@/app/config';
import { useServices } from '@/app/services-context';
import { isPaidPlan } from '@/domain/permissions';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { selectMembership } from '@/machines/team-registry.selectors';
import { ContactUsView } from '@/ui/billing-page/ContactUsView';

export function ContactUsPage() {
  const { registry } = useServices();
  const teamUser = parseTeamUserRef(useParams().teamUser ?? '') ?? { teamId: 0, userId: 0 };
  const membershipSelector = useMemo(
    () => selectMembership(teamUser.teamId, teamUser.userId),
    [teamUser.teamId, teamUser.userId],
  );
  const membership = useSelector(registry, membershipSelector);
  if (!membership) return null;
  const { team, profile } = membership;
  const paid = isPaidPlan(team.plan);
  return (
    <Stack gap="md">
      <Title order={2}>Contact us</Title>
      <ContactUsView
        title={paid ? 'Talk to Customer Success' : 'Talk to Sales'}
        schedulingUrl={prefilledSchedulingUrl(paid ? schedulingLinks.paid : schedulingLinks.basic, {
          name: profile.fullName,
          email: profile.email,
        })}
      />
    </Stack>
  );
}
