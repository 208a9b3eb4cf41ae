// The own profile block on the Members page (spec sections 2 'Members', 5): 'Your Full Name' and the
// avatar. A new name shows at once and goes back to the last saved one if the server refuses it
// (its complaint under the field, anything else to the app). An avatar must be a .jpg, .jpeg or .png
// file ('PNG, JPG only'); clearing it asks 'Do you really want to delete avatar?' first.
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import { serverFieldErrorText } from '@/domain/field-errors';
import { IMAGE_FIELD, IMAGE_TYPE_MESSAGE, isAcceptedImageName } from '@/domain/image-upload';
import { FULL_NAME_FIELD } from '@/domain/profile';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from './actor-error';

/** Spec section 5: 'PNG, JPG only'. */
export const AVATAR_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;

export interface MemberProfileContext {
  ref: TeamUserRef;
  /** The user as shown: confirmed values, or a change on its way. */
  user: TeamUser;
  /** What the server last confirmed, for a rollback. */
  savedName: string;
  savedAvatar: string | null;
  nameError: string | null;
  avatarError: string | null;
  /** Bumped on a rollback, so the name field shows the saved name again. */
  nameRevision: number;
  file: File | null;
}

export type MemberProfileEvent =
  | { type: 'profile.saveName'; fullName: string }
  | { type: 'profile.editName' }
  | { type: 'profile.uploadAvatar'; file: File }
  | { type: 'profile.deleteAvatar' }
  | { type: 'profile.confirm' }
  | { type: 'profile.dismiss' };

type UserDone = { event: DoneActorEvent<TeamUser> };

export const memberProfileMachine = setup({
  types: {
    context: {} as MemberProfileContext,
    events: {} as MemberProfileEvent,
    input: {} as { ref: TeamUserRef; user: TeamUser },
  },
  actors: {
    saveName: fromPromise<TeamUser, { ref: TeamUserRef; fullName: string }>(async () => {
      throw new Error('saveName is not provided');
    }),
    uploadAvatar: fromPromise<TeamUser, { ref: TeamUserRef; file: File }>(async () => {
      throw new Error('uploadAvatar is not provided');
    }),
    deleteAvatar: fromPromise<TeamUser, { ref: TeamUserRef }>(async () => {
      throw new Error('deleteAvatar is not provided');
    }),
  },
  guards: {
    nameUnchanged: ({ context, event }) =>
      event.type === 'profile.saveName' && event.fullName.trim() === context.savedName,
    isNameFieldError: ({ event }) => serverFieldErrorText(errorOf(event), FULL_NAME_FIELD) !== null,
    isAcceptedImage: ({ event }) =>
      event.type === 'profile.uploadAvatar' && isAcceptedImageName(event.file.name),
    isAvatarFieldError: ({ event }) => serverFieldErrorText(errorOf(event), IMAGE_FIELD) !== null,
    hasAvatar: ({ context }) => context.user.avatar !== null,
  },
  actions: {
    showName: assign(({ context, event }) => {
      assertEvent(event, 'profile.saveName');
      return { user: { ...context.user, fullName: event.fullName.trim() }, nameError: null };
    }),
    confirmName: assign(({ context }, saved: TeamUser) => ({
      user: { ...context.user, fullName: saved.fullName },
      savedName: saved.fullName,
    })),
    rollBackName: assign(({ context }) => ({
      user: { ...context.user, fullName: context.savedName },
      nameRevision: context.nameRevision + 1,
    })),
    rememberNameError: assign(({ event }) => ({
      nameError: serverFieldErrorText(errorOf(event), FULL_NAME_FIELD),
    })),
    clearNameError: assign({ nameError: null }),
    rememberFile: assign(({ event }) => {
      assertEvent(event, 'profile.uploadAvatar');
      return { file: event.file, avatarError: null };
    }),
    refuseFile: assign({ avatarError: AVATAR_TYPE_MESSAGE }),
    hideAvatar: assign(({ context }) => ({ user: { ...context.user, avatar: null }, avatarError: null })),
    confirmAvatar: assign(({ context }, saved: TeamUser) => ({
      user: { ...context.user, avatar: saved.avatar },
      savedAvatar: saved.avatar,
      file: null,
    })),
    rollBackAvatar: assign(({ context }) => ({ user: { ...context.user, avatar: context.savedAvatar } })),
    rememberAvatarError: assign(({ event }) => ({
      avatarError: serverFieldErrorText(errorOf(event), IMAGE_FIELD),
      file: null,
    })),
    // Injected by the app: the member list shows the saved user too.
    reportUser: (_, _user: TeamUser) => {},
    // Injected by the app: hand the error (errorOf(event)) to the app-wide error handling.
    escalate: () => {},
  },
}).createMachine({
  id: 'memberProfile',
  context: ({ input }) => ({
    ref: input.ref,
    user: input.user,
    savedName: input.user.fullName,
    savedAvatar: input.user.avatar,
    nameError: null,
    avatarError: null,
    nameRevision: 0,
    file: null,
  }),
  type: 'parallel',
  states: {
    name: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.saveName': [
              { guard: 'nameUnchanged', actions: 'clearNameError' },
              { target: 'saving', actions: 'showName' },
            ],
            'profile.editName': { actions: 'clearNameError' },
          },
        },
        saving: {
          tags: 'savingName',
          invoke: {
            id: 'saveName',
            src: 'saveName',
            input: ({ context }) => ({ ref: context.ref, fullName: context.user.fullName }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'confirmName', params: ({ event }: UserDone) => event.output },
                { type: 'reportUser', params: ({ event }: UserDone) => event.output },
              ],
            },
            onError: [
              { guard: 'isNameFieldError', target: 'idle', actions: ['rollBackName', 'rememberNameError'] },
              { target: 'idle', actions: ['rollBackName', 'escalate'] },
            ],
          },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'profile.uploadAvatar': [
              { guard: 'isAcceptedImage', target: 'uploading', actions: 'rememberFile' },
              { actions: 'refuseFile' },
            ],
            'profile.deleteAvatar': { guard: 'hasAvatar', target: 'confirmingDelete' },
          },
        },
        uploading: {
          tags: 'avatarBusy',
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context }) => ({ ref: context.ref, file: context.file as File }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'confirmAvatar', params: ({ event }: UserDone) => event.output },
                { type: 'reportUser', params: ({ event }: UserDone) => event.output },
              ],
            },
            onError: [
              { guard: 'isAvatarFieldError', target: 'idle', actions: 'rememberAvatarError' },
              { target: 'idle', actions: 'escalate' },
            ],
          },
        },
        confirmingDelete: {
          tags: 'confirmingAvatarDelete',
          on: {
            'profile.confirm': { target: 'deleting', actions: 'hideAvatar' },
            'profile.dismiss': 'idle',
          },
        },
        deleting: {
          tags: 'avatarBusy',
          invoke: {
            id: 'deleteAvatar',
            src: 'deleteAvatar',
            input: ({ context }) => ({ ref: context.ref }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'confirmAvatar', params: ({ event }: UserDone) => event.output },
                { type: 'reportUser', params: ({ event }: UserDone) => event.output },
              ],
            },
            onError: { target: 'idle', actions: ['rollBackAvatar', 'escalate'] },
          },
        },
      },
    },
  },
});
