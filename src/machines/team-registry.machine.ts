// The app-wide registry of the user's team memberships (spec section 2: team selector, team
// layout). It loads once the user is logged in, can be reloaded, and drops a team user when the
// server says it is gone (errors 1502, 1600, 1850 in spec section 8).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Team, TeamMembership } from '@/domain/entities';
import { errorOf } from './actor-error';

export interface TeamRegistryContext {
  memberships: TeamMembership[];
  error: unknown;
}

export type TeamRegistryEvent =
  | { type: 'registry.load' }
  | { type: 'registry.reload' }
  | { type: 'registry.dropTeamUser'; teamId: number; userId: number }
  /** A team changed on the server (say, renamed): patch it in place in every membership of it. */
  | { type: 'registry.updateTeam'; team: Partial<Team> & Pick<Team, 'id'> }
  | { type: 'registry.clear' };

export const teamRegistryMachine = setup({
  types: {
    context: {} as TeamRegistryContext,
    events: {} as TeamRegistryEvent,
  },
  actors: {
    loadMemberships: fromPromise<TeamMembership[]>(async () => {
      throw new Error('loadMemberships is not provided');
    }),
  },
  actions: {
    storeMemberships: assign((_, memberships: TeamMembership[]) => ({ memberships, error: null })),
    rememberError: assign(({ event }) => ({ error: errorOf(event) })),
    dropTeamUser: assign(({ context, event }) => {
      assertEvent(event, 'registry.dropTeamUser');
      return {
        memberships: context.memberships.filter(
          ({ team, profile }) => !(team.id === event.teamId && profile.id === event.userId),
        ),
      };
    }),
    patchTeam: assign(({ context, event }) => {
      assertEvent(event, 'registry.updateTeam');
      return {
        memberships: context.memberships.map((membership) =>
          membership.team.id === event.team.id
            ? { ...membership, team: { ...membership.team, ...event.team } }
            : membership,
        ),
      };
    }),
    forgetAll: assign({ memberships: [], error: null }),
  },
}).createMachine({
  id: 'teamRegistry',
  context: { memberships: [], error: null },
  initial: 'idle',
  on: {
    'registry.clear': { target: '.idle', actions: 'forgetAll' },
    'registry.dropTeamUser': { actions: 'dropTeamUser' },
    'registry.updateTeam': { actions: 'patchTeam' },
  },
  states: {
    idle: {
      on: { 'registry.load': 'loading', 'registry.reload': 'loading' },
    },
    loading: {
      tags: 'loading',
      // A reload while loading (say, another user logged in) restarts the call.
      on: { 'registry.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadMemberships',
        src: 'loadMemberships',
        onDone: {
          target: 'ready',
          actions: { type: 'storeMemberships', params: ({ event }) => event.output },
        },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {
      on: { 'registry.reload': 'loading' },
    },
    failed: {
      on: { 'registry.load': 'loading', 'registry.reload': 'loading' },
    },
  },
});
