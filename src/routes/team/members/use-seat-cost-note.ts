// The invite form's word on what a seat costs: read once per team while it is on a paid
// plan, from the read-only seat-cost call. It is advice beside the form, so a failure shows nothing
// rather than an error: inviting works the same without it.
import { useEffect, useState } from 'react';
import { getSeatCost } from '@/api/teams';
import { useServices } from '@/app/services-context';
import type { TeamMembership } from '@/domain/entities';
import { seatCostText } from '@/domain/seat-cost';

export function useSeatCostNote({ team, profile }: TeamMembership): string | null {
  const { api } = useServices();
  const [note, setNote] = useState<string | null>(null);
  const paid = team.plan !== 'basic';
  const teamId = team.id;
  const userId = profile.id;
  useEffect(() => {
    if (!paid) return;
    let current = true;
    getSeatCost(api, { teamId, userId }).then(
      ({ seatCost }) => {
        if (current) setNote(seatCost ? seatCostText(seatCost) : null);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, teamId, userId, paid]);
  return paid ? note : null;
}
