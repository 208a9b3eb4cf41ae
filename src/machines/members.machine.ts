// The member list of a team (spec sections 2 'Members', 4 'Member status', 6). Two regions:
// - list: pages come from the server one after another (`nextPageToken`); the first page shows at
//   once while the rest load. A first page its route asked for (input `firstPage`)
//   starts the list with it: the page's first render shows it, in one paint (decision 043). A
//   failed page shows its message with Retry, which resumes from the page that failed; membership
//   errors and 401 go up to the app (spec section 8).
// - dialog: Delete asks first ('You are going to remove {user} from {team}.').
// Row actions show their outcome at once, run in a spawned `memberAction` child each, and are rolled
// back when the server refuses them. The filter lives here; the views sort with a memoised selector.
import { and, assertEvent, assign, fromPromise, raise, setup, stopChild } from 'xstate';
import type { Paged, TeamUser } from '@/domain/entities';
import { classifyError, passesUpFromScreenSetup } from '@/domain/error-policy';
import { DEFAULT_MEMBER_FILTER, type MemberFilter } from '@/domain/members';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { errorOf, isItemNotFound } from './actor-error';
import {
  type MemberActionReport,
  type MemberActionRequest,
  type MemberActionResult,
  memberActionMachine,
} from './members-action.machine';
import { appendRows, removeRows, replaceRow, restoreRow, showRequest } from './members-rows';

/** An action whose change is on show while its call runs. */
export interface PendingMemberAction {
  actionId: string;
  userId: number;
  request: MemberActionRequest;
  /** The row before the change, and where it stood, for a rollback. */
  before: TeamUser;
  index: number;
}

export interface MembersContext {
  ref: TeamUserRef;
  users: TeamUser[];
  nextPageToken: string | null;
  pagesLoaded: number;
  filter: MemberFilter;
  /** The search over name and email; '' shows everyone the filter lets through. */
  search: string;
  errorMessage: string | null;
  actions: PendingMemberAction[];
  nextActionId: number;
  /** The row the Delete dialog asks about. */
  confirmingUserId: number | null;
}

export type MembersEvent =
  | { type: 'members.filter'; filter: MemberFilter }
  | { type: 'members.search'; search: string }
  | { type: 'members.retry' }
  | { type: 'member.act'; userId: number; request: MemberActionRequest }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  /** New pending users from the invite form. */
  | { type: 'members.added'; users: TeamUser[] }
  /** Users removed elsewhere ('Cancel all'). */
  | { type: 'members.removed'; userIds: number[] }
  /** A user changed elsewhere (the own profile block). */
  | { type: 'members.updated'; user: TeamUser }
  /** Raised inside: the list is stale (a row's member is gone) and loads again. */
  | { type: 'list.reload' }
  | MemberActionReport;

export interface LoadPageInput {
  ref: TeamUserRef;
  pageToken: string | null;
}

/** Tells the view what a finished action did (the app shows a flash for a resend). */
export interface MemberActionDone {
  request: MemberActionRequest;
  user: TeamUser;
  result: MemberActionResult;
}

function actionDone(context: MembersContext, event: MembersEvent): MemberActionDone | null {
  if (event.type !== 'action.succeeded') return null;
  const pending = context.actions.find((action) => action.actionId === event.actionId);
  return pending ? { request: pending.request, user: pending.before, result: event.result } : null;
}

export const membersMachine = setup({
  types: {
    context: {} as MembersContext,
    events: {} as MembersEvent,
    /** filter and search: from the page's address, so a reload or a shared link keeps them. */
    input: {} as {
      ref: TeamUserRef;
      filter?: MemberFilter;
      search?: string;
      /** The first page when it is in already. */
      firstPage?: Paged<TeamUser> | null;
    },
  },
  actors: {
    loadPage: fromPromise<Paged<TeamUser>, LoadPageInput>(async () => {
      throw new Error('loadPage is not provided');
    }),
    memberAction: memberActionMachine,
  },
  guards: {
    hasMorePages: ({ event }) =>
      Boolean((event as unknown as { output: Paged<TeamUser> }).output.nextPageToken),
    hasLoadedPages: ({ context }) => context.pagesLoaded > 0,
    hasPageToLoad: ({ context }) => context.nextPageToken !== null,
    passesUp: ({ event }) => passesUpFromScreenSetup(errorOf(event)),
    rowIsBusy: ({ context, event }) =>
      event.type === 'member.act' && context.actions.some((action) => action.userId === event.userId),
    needsConfirmation: ({ event }) => event.type === 'member.act' && event.request.kind === 'delete',
    // The row's member was removed elsewhere (a stale tab): the server no longer knows them.
    memberIsGone: ({ event }) => event.type === 'action.failed' && isItemNotFound(event.error),
  },
  actions: {
    appendPage: assign(({ context, event }) => {
      const page = (event as unknown as { output: Paged<TeamUser> }).output;
      return {
        users: appendRows(context.users, page.items),
        nextPageToken: page.nextPageToken,
        pagesLoaded: context.pagesLoaded + 1,
        errorMessage: null,
      };
    }),
    rememberError: assign(({ event }) => {
      const outcome = classifyError(errorOf(event));
      return { errorMessage: 'message' in outcome ? outcome.message : null };
    }),
    clearError: assign({ errorMessage: null }),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'members.filter');
      return { filter: event.filter };
    }),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'members.search');
      return { search: event.search };
    }),
    rememberConfirmation: assign(({ event }) => {
      assertEvent(event, 'member.act');
      return { confirmingUserId: event.userId };
    }),
    forgetConfirmation: assign({ confirmingUserId: null }),
    startAction: assign(({ context, event, spawn }) => {
      const { userId, request } =
        event.type === 'member.act'
          ? event
          : { userId: context.confirmingUserId, request: { kind: 'delete' } as const };
      const index = context.users.findIndex((user) => user.id === userId);
      const before = context.users[index];
      if (!before) return {};
      const actionId = `memberAction-${context.nextActionId}`;
      spawn('memberAction', { id: actionId, input: { actionId, ref: context.ref, user: before, request } });
      return {
        users: showRequest(context.users, index, request),
        actions: [...context.actions, { actionId, userId: before.id, request, before, index }],
        nextActionId: context.nextActionId + 1,
      };
    }),
    settleAction: assign(({ context, event }) => {
      assertEvent(event, 'action.succeeded');
      const { result } = event;
      return {
        users: 'updated' in result ? replaceRow(context.users, result.updated) : context.users,
        actions: context.actions.filter((action) => action.actionId !== event.actionId),
      };
    }),
    rollBackAction: assign(({ context, event }) => {
      assertEvent(event, 'action.failed');
      const pending = context.actions.find((action) => action.actionId === event.actionId);
      return {
        users: pending ? restoreRow(context.users, pending.before, pending.index) : context.users,
        actions: context.actions.filter((action) => action.actionId !== event.actionId),
      };
    }),
    // The list is out of date: start it again from the first page.
    resetList: assign({ users: [], nextPageToken: null, pagesLoaded: 0, errorMessage: null }),
    dropAction: assign(({ context, event }) => {
      assertEvent(event, 'action.failed');
      return { actions: context.actions.filter((action) => action.actionId !== event.actionId) };
    }),
    reloadList: raise({ type: 'list.reload' }),
    // A finished child is stopped and dropped from the children, so nothing of it lingers.
    stopActionChild: stopChild(({ event }) => (event as MemberActionReport).actionId),
    addUsers: assign(({ context, event }) => {
      assertEvent(event, 'members.added');
      return { users: appendRows(context.users, event.users) };
    }),
    removeUsers: assign(({ context, event }) => {
      assertEvent(event, 'members.removed');
      return { users: removeRows(context.users, event.userIds) };
    }),
    updateUser: assign(({ context, event }) => {
      assertEvent(event, 'members.updated');
      return { users: replaceRow(context.users, event.user) };
    }),
    // Injected by the app: hand the error (errorOf(event)) to the app-wide error handling.
    escalate: () => {},
    // Injected by the app: tell the user what happened, where the list alone does not show it.
    notifyActionDone: (_, _done: MemberActionDone | null) => {},
    // Injected by the app: say that the member acted on is no longer in the team.
    notifyMemberGone: () => {},
  },
}).createMachine({
  id: 'members',
  context: ({ input }) => ({
    ref: input.ref,
    users: input.firstPage ? appendRows([], input.firstPage.items) : [],
    nextPageToken: input.firstPage?.nextPageToken ?? null,
    pagesLoaded: input.firstPage ? 1 : 0,
    filter: input.filter ?? DEFAULT_MEMBER_FILTER,
    search: input.search ?? '',
    errorMessage: null,
    actions: [],
    nextActionId: 1,
    confirmingUserId: null,
  }),
  type: 'parallel',
  on: {
    'members.filter': { actions: 'setFilter' },
    'members.search': { actions: 'setSearch' },
    'members.added': { actions: 'addUsers' },
    'members.removed': { actions: 'removeUsers' },
    'members.updated': { actions: 'updateUser' },
    'action.succeeded': {
      actions: [
        { type: 'notifyActionDone', params: ({ context, event }) => actionDone(context, event) },
        'settleAction',
        'stopActionChild',
      ],
    },
    'action.failed': [
      {
        guard: 'memberIsGone',
        actions: ['dropAction', 'stopActionChild', 'notifyMemberGone', 'reloadList'],
      },
      { actions: ['rollBackAction', 'stopActionChild', 'escalate'] },
    ],
  },
  states: {
    list: {
      initial: 'starting',
      on: {
        'list.reload': { target: '.loadingFirstPage', actions: 'resetList' },
      },
      states: {
        // Started with its first page (input): the rest load after it, if there are more.
        starting: {
          always: [
            { guard: and(['hasLoadedPages', 'hasPageToLoad']), target: 'loadingMore' },
            { guard: 'hasLoadedPages', target: 'complete' },
            { target: 'loadingFirstPage' },
          ],
        },
        loadingFirstPage: {
          tags: 'loading',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ ref: context.ref, pageToken: null }),
            onDone: [
              { guard: 'hasMorePages', target: 'loadingMore', actions: 'appendPage' },
              { target: 'complete', actions: 'appendPage' },
            ],
            onError: [
              { guard: 'passesUp', target: 'escalated', actions: 'escalate' },
              { target: 'failed', actions: 'rememberError' },
            ],
          },
        },
        loadingMore: {
          tags: 'loadingMore',
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ ref: context.ref, pageToken: context.nextPageToken }),
            onDone: [
              { guard: 'hasMorePages', target: 'loadingMore', reenter: true, actions: 'appendPage' },
              { target: 'complete', actions: 'appendPage' },
            ],
            onError: [
              { guard: 'passesUp', target: 'escalated', actions: 'escalate' },
              { target: 'failed', actions: 'rememberError' },
            ],
          },
        },
        complete: {},
        failed: {
          on: {
            'members.retry': [
              { guard: 'hasLoadedPages', target: 'loadingMore', actions: 'clearError' },
              { target: 'loadingFirstPage', actions: 'clearError' },
            ],
          },
        },
        escalated: {
          on: {
            'members.retry': [
              { guard: 'hasLoadedPages', target: 'loadingMore' },
              { target: 'loadingFirstPage' },
            ],
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'member.act': [
              { guard: 'rowIsBusy' },
              { guard: 'needsConfirmation', target: 'confirmingDelete', actions: 'rememberConfirmation' },
              { actions: 'startAction' },
            ],
          },
        },
        confirmingDelete: {
          tags: 'confirming',
          on: {
            'dialog.confirm': { target: 'closed', actions: ['startAction', 'forgetConfirmation'] },
            'dialog.cancel': { target: 'closed', actions: 'forgetConfirmation' },
          },
        },
      },
    },
  },
});
