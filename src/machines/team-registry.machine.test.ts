import { createActor, fromPromise } from 'xstate';
import type { TeamMembership } from '@/domain/entities';
import { deferred, flush } from './session.test-kit';
import { teamRegistryMachine } from './team-registry.machine';
import {
  selectMembership,
  selectRegistryError,
  selectRegistryLoading,
  selectSelectableMemberships,
} from './team-registry.selectors';

function membership(teamId: number, userId: number, name: string, isBanned = false): TeamMembership {
  return {
    team: { id: teamId, name, plan: 'premium' } as TeamMembership['team'],
    profile: {
      id: userId,
      teamId,
      role: 'member',
      status: 'active',
      teamStatus: 'active',
      isBanned,
    } as TeamMembership['profile'],
  };
}

function startRegistry() {
  const replies: ReturnType<typeof deferred<TeamMembership[]>>[] = [];
  const actor = createActor(
    teamRegistryMachine.provide({
      actors: {
        loadMemberships: fromPromise(() => {
          const reply = deferred<TeamMembership[]>();
          replies.push(reply);
          return reply.promise;
        }),
      },
    }),
  ).start();
  return { actor, replies };
}

describe('team registry', () => {
  it('loads memberships when asked and offers the usable ones by name', async () => {
    const { actor, replies } = startRegistry();
    expect(selectRegistryLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'registry.load' });
    replies[0]?.resolve([
      membership(3, 30, 'Trial Tech'),
      membership(1, 10, 'Acme Inc'),
      membership(2, 20, 'Banned', true),
    ]);
    await flush();
    const snapshot = actor.getSnapshot();
    expect(selectRegistryLoading(snapshot)).toBe(false);
    expect(selectSelectableMemberships(snapshot).map(({ team }) => team.name)).toEqual([
      'Acme Inc',
      'Trial Tech',
    ]);
    expect(selectMembership(1, 10)(snapshot)?.team.name).toBe('Acme Inc');
  });

  it('drops a team user the server no longer recognises', async () => {
    const { actor, replies } = startRegistry();
    actor.send({ type: 'registry.load' });
    replies[0]?.resolve([membership(1, 10, 'Acme Inc'), membership(3, 30, 'Trial Tech')]);
    await flush();
    actor.send({ type: 'registry.dropTeamUser', teamId: 1, userId: 10 });
    expect(selectMembership(1, 10)(actor.getSnapshot())).toBeNull();
    expect(selectSelectableMemberships(actor.getSnapshot())).toHaveLength(1);
  });

  it('patches a team in place in every membership of it, leaving other teams alone', async () => {
    const { actor, replies } = startRegistry();
    actor.send({ type: 'registry.load' });
    replies[0]?.resolve([
      membership(1, 10, 'Acme Inc'),
      membership(1, 11, 'Acme Inc'),
      membership(3, 30, 'Trial Tech'),
    ]);
    await flush();
    const trial = actor.getSnapshot().context.memberships[2];
    actor.send({ type: 'registry.updateTeam', team: { id: 1, name: 'Acme Corp' } });
    const snapshot = actor.getSnapshot();
    expect(selectMembership(1, 10)(snapshot)?.team.name).toBe('Acme Corp');
    expect(selectMembership(1, 11)(snapshot)?.team).toMatchObject({ name: 'Acme Corp', plan: 'premium' });
    expect(snapshot.context.memberships[2]).toBe(trial);
  });

  it('shows the error when loading fails and loads again on reload', async () => {
    const { actor, replies } = startRegistry();
    actor.send({ type: 'registry.load' });
    const failure = new Error('Unknown server error');
    replies[0]?.reject(failure);
    await flush();
    expect(selectRegistryError(actor.getSnapshot())).toBe(failure);
    actor.send({ type: 'registry.reload' });
    replies[1]?.resolve([membership(1, 10, 'Acme Inc')]);
    await flush();
    expect(selectRegistryError(actor.getSnapshot())).toBeNull();
    expect(selectSelectableMemberships(actor.getSnapshot())).toHaveLength(1);
  });

  it('forgets everything on clear (logout)', async () => {
    const { actor, replies } = startRegistry();
    actor.send({ type: 'registry.load' });
    replies[0]?.resolve([membership(1, 10, 'Acme Inc')]);
    await flush();
    actor.send({ type: 'registry.clear' });
    expect(actor.getSnapshot().context.memberships).toEqual([]);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describe('team registry reloads', () => {
  it('restarts a load in flight on reload and keeps only the newer answer', async () => {
    const { actor, replies } = startRegistry();
    actor.send({ type: 'registry.load' });
    actor.send({ type: 'registry.reload' });
    expect(replies).toHaveLength(2);
    replies[0]?.resolve([membership(9, 90, 'Old User Team')]);
    replies[1]?.resolve([membership(1, 10, 'Acme Inc')]);
    await flush();
    expect(selectSelectableMemberships(actor.getSnapshot()).map(({ team }) => team.name)).toEqual([
      'Acme Inc',
    ]);
  });
});
