import { createActor, fromPromise } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import { ErrorCode } from '@/domain/error-codes';
import { errorOf } from './actor-error';
import { TEAM_REF, teamUser } from './members.test-kit';
import { AVATAR_TYPE_MESSAGE, memberProfileMachine } from './members-profile.machine';
import { type Deferred, deferred, flush } from './session.test-kit';

const me = teamUser({ id: 10, fullName: 'Olivia Owens', role: 'owner', avatar: '/api/v1/avatars/a1' });

function openProfile(user: TeamUser = me) {
  const calls: { kind: string; input: unknown; reply: Deferred<TeamUser> }[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: one stub for three actors with different inputs
  const call = (kind: string): any =>
    fromPromise<TeamUser, unknown>(({ input }) => {
      const reply = deferred<TeamUser>();
      calls.push({ kind, input, reply });
      return reply.promise;
    });
  const reported: TeamUser[] = [];
  const escalated: unknown[] = [];
  const machine = memberProfileMachine.provide({
    actors: {
      saveName: call('saveName'),
      uploadAvatar: call('uploadAvatar'),
      deleteAvatar: call('deleteAvatar'),
    },
    actions: {
      reportUser: (_, saved) => reported.push(saved),
      escalate: ({ event }) => escalated.push(errorOf(event)),
    },
  });
  const actor = createActor(machine, { input: { ref: TEAM_REF, user } }).start();
  return { actor, calls, reported, escalated };
}

const shown = (profile: ReturnType<typeof openProfile>) => profile.actor.getSnapshot().context.user;

describe('own profile: full name', () => {
  it('shows the new name at once and keeps what the server saved', async () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.saveName', fullName: '  Olivia Owens-Smith ' });
    expect(shown(profile).fullName).toBe('Olivia Owens-Smith');
    expect(profile.calls[0]).toMatchObject({ kind: 'saveName', input: { fullName: 'Olivia Owens-Smith' } });

    const saved = { ...me, fullName: 'Olivia Owens-Smith' };
    profile.calls[0]?.reply.resolve(saved);
    await flush();
    expect(shown(profile).fullName).toBe('Olivia Owens-Smith');
    expect(profile.reported).toEqual([saved]);
  });

  it('rolls back to the saved name and hands the error to the app when the call fails', async () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.saveName', fullName: 'Liv' });
    const error = new TypeError('offline');
    profile.calls[0]?.reply.reject(error);
    await flush();
    expect(shown(profile).fullName).toBe('Olivia Owens');
    expect(profile.actor.getSnapshot().context.nameRevision).toBe(1);
    expect(profile.escalated).toEqual([error]);
  });

  it("rolls back and shows the server's complaint under the field", async () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.saveName', fullName: 'x' });
    profile.calls[0]?.reply.reject({
      status: 400,
      code: ErrorCode.validation,
      message: 'Validation error',
      data: [{ field: 'fullName', message: 'must not be empty' }],
    });
    await flush();
    expect(shown(profile).fullName).toBe('Olivia Owens');
    expect(profile.actor.getSnapshot().context.nameError).toBe('Full name must not be empty');
    expect(profile.escalated).toEqual([]);
  });

  it('does not call the server for an unchanged name', () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.saveName', fullName: 'Olivia Owens ' });
    expect(profile.calls).toEqual([]);
  });
});

describe('own profile: avatar', () => {
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });

  it("refuses anything but .jpg, .jpeg and .png with 'PNG, JPG only'", () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.uploadAvatar', file: file('me.gif') });
    expect(profile.actor.getSnapshot().context.avatarError).toBe(AVATAR_TYPE_MESSAGE);
    expect(profile.calls).toEqual([]);
    for (const name of ['me.JPG', 'me.jpeg', 'me.png']) {
      profile.actor.send({ type: 'profile.uploadAvatar', file: file(name) });
      expect(profile.actor.getSnapshot().context.avatarError).toBeNull();
      profile.calls.at(-1)?.reply.resolve(me);
    }
  });

  it('uploads an accepted picture and shows the saved one', async () => {
    const profile = openProfile({ ...me, avatar: null });
    profile.actor.send({ type: 'profile.uploadAvatar', file: file('me.png') });
    expect(profile.actor.getSnapshot().hasTag('avatarBusy')).toBe(true);
    profile.calls[0]?.reply.resolve({ ...me, avatar: '/api/v1/avatars/new' });
    await flush();
    expect(shown(profile).avatar).toBe('/api/v1/avatars/new');
  });

  it('asks before clearing, hides the picture at once and brings it back if the call fails', async () => {
    const profile = openProfile();
    profile.actor.send({ type: 'profile.deleteAvatar' });
    expect(profile.actor.getSnapshot().hasTag('confirmingAvatarDelete')).toBe(true);
    profile.actor.send({ type: 'profile.dismiss' });
    expect(profile.calls).toEqual([]);

    profile.actor.send({ type: 'profile.deleteAvatar' });
    profile.actor.send({ type: 'profile.confirm' });
    expect(shown(profile).avatar).toBeNull();
    profile.calls[0]?.reply.reject(new TypeError('offline'));
    await flush();
    expect(shown(profile).avatar).toBe('/api/v1/avatars/a1');
    expect(profile.escalated).toHaveLength(1);
  });
});
