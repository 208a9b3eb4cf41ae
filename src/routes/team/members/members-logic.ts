// The Members page's statecharts wired to the API and the app: each machine gets its calls,
// flashes and error handling here, and tells the member list what changed elsewhere.
import { type ActorRefFrom, fromPromise } from 'xstate';
import type { ApiClient } from '@/api/client';
import {
  banUser,
  deleteUserAvatar,
  inviteUsers,
  kickUser,
  listUsers,
  resendInvitations,
  setUserRole,
  unbanUser,
  updateUser,
  uploadUserAvatar,
} from '@/api/users';
import type { AppServices } from '@/app/services';
import type { Paged, TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from '@/machines/actor-error';
import { INVITATION_SENT_MESSAGE, invitationsMachine } from '@/machines/invitations.machine';
import { type CancelAllOutcome, invitationsBannerMachine } from '@/machines/invitations-banner.machine';
import { type MemberActionDone, membersMachine } from '@/machines/members.machine';
import {
  type MemberActionResult,
  memberActionMachine,
  type RunMemberActionInput,
} from '@/machines/members-action.machine';
import { memberProfileMachine } from '@/machines/members-profile.machine';
import { askAgainIfNotAsked, type RouteData } from '@/routes/loads/use-route-data';

type Services = Pick<AppServices, 'api' | 'handleError' | 'showFlash'>;
export type MembersActorRef = ActorRefFrom<typeof membersMachine>;

export const INVITATIONS_RESENT_MESSAGE = 'Invitations were resent';
export const ALREADY_RESENT_MESSAGE = 'Already resent within the last hour';
/** A row action on a member removed elsewhere (a stale tab): the list loads again. */
export const MEMBER_GONE_MESSAGE = 'This member is no longer in the team. The list has been reloaded.';
/** 'Cancel all' kicks this many invitations at a time. */
const CANCEL_CONCURRENCY = 4;

export async function runMemberAction(
  api: ApiClient,
  { ref, user, request }: RunMemberActionInput,
): Promise<MemberActionResult> {
  switch (request.kind) {
    case 'changeRole':
      return { updated: await setUserRole(api, ref, user.id, request.role) };
    case 'deactivate':
      return { updated: await banUser(api, ref, user.id) };
    case 'activate':
      return { updated: await unbanUser(api, ref, user.id) };
    case 'delete':
    case 'cancelInvitation':
      await kickUser(api, ref, user.id);
      return { removed: true };
    case 'resendInvitation':
      return { resent: (await resendInvitations(api, ref, [user.email])).resent };
  }
}

/** Kicks every invitation, a few at a time; reports those cancelled and the first failure. */
export async function cancelInvitations(
  api: ApiClient,
  ref: TeamUserRef,
  userIds: readonly number[],
): Promise<CancelAllOutcome> {
  const cancelled: number[] = [];
  let failure: unknown = null;
  const queue = [...userIds];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await kickUser(api, ref, id);
        cancelled.push(id);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CANCEL_CONCURRENCY, queue.length) }, worker));
  return { cancelled, failure };
}

/**
 * A call's failure, unless the call was aborted because its actor stopped: then it never settles.
 * React's strict mode stops a page's actors and starts them again from their snapshot, and a stale
 * AbortError must not reach the restarted machine as the page's failure.
 */
export function unlessAborted<T>(signal: AbortSignal, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => {});
    throw error;
  });
}

function announceResend(services: Services, done: MemberActionDone | null) {
  if (!done || !('resent' in done.result)) return;
  if (done.result.resent.length > 0) services.showFlash(INVITATION_SENT_MESSAGE, 'success');
  else services.showFlash(ALREADY_RESENT_MESSAGE, 'info');
}

/** `firstPage` is the first page its route asked for (members.load.ts). */
export function membersLogic(services: Services, firstPage?: Pick<RouteData<Paged<TeamUser>>, 'take'>) {
  return membersMachine.provide({
    actors: {
      loadPage: fromPromise(({ input, signal }) => {
        const ask = () => listUsers(services.api, input.ref, input.pageToken, signal);
        const kept = input.pageToken ? null : (firstPage?.take(askAgainIfNotAsked(ask)) ?? null);
        return unlessAborted(signal, kept ?? ask());
      }),
      memberAction: memberActionMachine.provide({
        actors: { runMemberAction: fromPromise(({ input }) => runMemberAction(services.api, input)) },
      }),
    },
    actions: {
      escalate: ({ event }) => services.handleError(errorOf(event)),
      notifyActionDone: (_, done) => announceResend(services, done),
      notifyMemberGone: () => services.showFlash(MEMBER_GONE_MESSAGE, 'info'),
    },
  });
}

export function memberProfileLogic(services: Services, members: MembersActorRef) {
  return memberProfileMachine.provide({
    actors: {
      saveName: fromPromise(({ input }) =>
        updateUser(services.api, input.ref, 'me', { fullName: input.fullName }),
      ),
      uploadAvatar: fromPromise(({ input }) => uploadUserAvatar(services.api, input.ref, 'me', input.file)),
      deleteAvatar: fromPromise(({ input }) => deleteUserAvatar(services.api, input.ref, 'me')),
    },
    actions: {
      reportUser: (_, user) => members.send({ type: 'members.updated', user }),
      escalate: ({ event }) => services.handleError(errorOf(event)),
    },
  });
}

export function invitationsLogic(
  services: Services,
  members: MembersActorRef,
  openMailDraft: (emails: string[]) => void,
) {
  return invitationsMachine.provide({
    actors: {
      inviteUsers: fromPromise(({ input }) => inviteUsers(services.api, input.ref, input.emails)),
    },
    actions: {
      announceSent: () => services.showFlash(INVITATION_SENT_MESSAGE, 'success'),
      openMailDraft: (_, emails) => openMailDraft(emails),
      listInvitees: (_, users) => members.send({ type: 'members.added', users }),
      escalate: ({ event }) => services.handleError(errorOf(event)),
    },
  });
}

export function invitationsBannerLogic(services: Services, members: MembersActorRef, ref: TeamUserRef) {
  return invitationsBannerMachine.provide({
    actors: {
      resendInvitations: fromPromise(({ input }) => resendInvitations(services.api, ref, input.emails)),
      cancelInvitations: fromPromise(({ input }) => cancelInvitations(services.api, ref, input.userIds)),
    },
    actions: {
      announceResent: (_, resent) =>
        resent.length > 0
          ? services.showFlash(INVITATIONS_RESENT_MESSAGE, 'success')
          : services.showFlash(ALREADY_RESENT_MESSAGE, 'info'),
      reportCancelled: (_, userIds) => members.send({ type: 'members.removed', userIds }),
      escalate: (_, error) => services.handleError(error),
    },
  });
}
