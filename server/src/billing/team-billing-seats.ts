import type { TeamBillingBase } from './team-billing-base';

/** Seats: how many the team pays for. */
export function createTeamSeats(base: TeamBillingBase) {
  const { repos } = base;
  return {
    async usage(teamId: number) {
      return { usersCnt: await repos.seats.count(teamId) };
    },
  };
}
