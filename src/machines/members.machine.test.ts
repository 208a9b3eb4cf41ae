import { ErrorCode } from '@/domain/error-codes';
import {
  createBusyUserIdsSelector,
  createPendingInvitationsSelector,
  createVisibleMembersSelector,
  selectMembersError,
  selectMembersLoading,
  selectMembersLoadingMore,
  selectUserToDelete,
} from './members.selectors';
import { startMembers, TEAM_REF, teamUser } from './members.test-kit';
import { DEACTIVATE_WAIT_MS } from './members-action.machine';
import { flush } from './session.test-kit';

const olivia = teamUser({ id: 1, fullName: 'Olivia Owens', role: 'owner' });
const mia = teamUser({ id: 3, fullName: 'Mia Member' });
const ben = teamUser({ id: 4, fullName: 'Ben Banned', isBanned: true });
const paula = teamUser({
  id: 5,
  fullName: '',
  email: 'paula@acme.test',
  teamStatus: 'pending',
  inviterId: 2,
});
const adam = teamUser({ id: 2, fullName: 'Adam Admin', role: 'admin' });

async function loadedMembers(users = [olivia, adam, mia, ben, paula]) {
  const harness = startMembers();
  harness.pageCalls[0]?.reply.resolve({ items: users, nextPageToken: null });
  await flush();
  return harness;
}

const userById = (harness: ReturnType<typeof startMembers>, id: number) =>
  harness.actor.getSnapshot().context.users.find((user) => user.id === id);

describe('members: loading page by page', () => {
  it('shows the first page at once and keeps loading the rest from nextPageToken', async () => {
    const { actor, pageCalls } = startMembers();
    expect(selectMembersLoading(actor.getSnapshot())).toBe(true);
    expect(pageCalls[0]?.input).toEqual({ ref: TEAM_REF, pageToken: null });

    pageCalls[0]?.reply.resolve({ items: [olivia, adam], nextPageToken: 'p2' });
    await flush();
    expect(selectMembersLoading(actor.getSnapshot())).toBe(false);
    expect(selectMembersLoadingMore(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.users).toEqual([olivia, adam]);
    expect(pageCalls[1]?.input).toEqual({ ref: TEAM_REF, pageToken: 'p2' });

    pageCalls[1]?.reply.resolve({ items: [mia], nextPageToken: 'p3' });
    await flush();
    pageCalls[2]?.reply.resolve({ items: [ben], nextPageToken: null });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'complete' })).toBe(true);
    expect(actor.getSnapshot().context.users.map((user) => user.id)).toEqual([1, 2, 3, 4]);
    expect(pageCalls).toHaveLength(3);
  });

  it('starts with a first page it was given: no loading, and no call for it', () => {
    const { actor, pageCalls } = startMembers({ items: [olivia, adam], nextPageToken: null });
    expect(selectMembersLoading(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ list: 'complete' })).toBe(true);
    expect(actor.getSnapshot().context.users).toEqual([olivia, adam]);
    expect(pageCalls).toEqual([]);
  });

  it('loads the pages after a first page it was given, from its nextPageToken', async () => {
    const { actor, pageCalls } = startMembers({ items: [olivia, adam], nextPageToken: 'p2' });
    expect(selectMembersLoading(actor.getSnapshot())).toBe(false);
    expect(selectMembersLoadingMore(actor.getSnapshot())).toBe(true);
    expect(pageCalls.map((call) => call.input)).toEqual([{ ref: TEAM_REF, pageToken: 'p2' }]);
    pageCalls[0]?.reply.resolve({ items: [mia], nextPageToken: null });
    await flush();
    expect(actor.getSnapshot().matches({ list: 'complete' })).toBe(true);
    expect(actor.getSnapshot().context.users).toEqual([olivia, adam, mia]);
  });

  it('shows the message of a failed page and resumes from that page on Retry', async () => {
    const { actor, pageCalls } = startMembers();
    pageCalls[0]?.reply.resolve({ items: [olivia], nextPageToken: 'p2' });
    await flush();
    pageCalls[1]?.reply.reject({ status: 500, code: null, message: 'Unknown server error', data: null });
    await flush();
    expect(selectMembersError(actor.getSnapshot())).toBe('Unknown server error');
    expect(actor.getSnapshot().context.users).toEqual([olivia]);

    actor.send({ type: 'members.retry' });
    expect(pageCalls[2]?.input.pageToken).toBe('p2');
    pageCalls[2]?.reply.resolve({ items: [mia], nextPageToken: null });
    await flush();
    expect(selectMembersError(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.users).toEqual([olivia, mia]);
  });

  it('passes a lost membership up to the app instead of showing it', async () => {
    const { actor, pageCalls, escalated } = startMembers();
    const error = { status: 403, code: ErrorCode.notTeamMember, message: 'm', data: TEAM_REF };
    pageCalls[0]?.reply.reject(error);
    await flush();
    expect(actor.getSnapshot().matches({ list: 'escalated' })).toBe(true);
    expect(selectMembersError(actor.getSnapshot())).toBeNull();
    expect(escalated).toEqual([error]);
  });

  it('adds invitees once, even when a later page lists them again', async () => {
    const { actor, pageCalls } = startMembers();
    pageCalls[0]?.reply.resolve({ items: [olivia], nextPageToken: 'p2' });
    await flush();
    actor.send({ type: 'members.added', users: [paula] });
    pageCalls[1]?.reply.resolve({ items: [mia, paula], nextPageToken: null });
    await flush();
    expect(actor.getSnapshot().context.users.map((user) => user.id)).toEqual([1, 5, 3]);
  });
});

describe('members: filter and order', () => {
  it('selects the filtered, ordered rows once per change of the list or the filter', async () => {
    const { actor } = await loadedMembers();
    const selectVisible = createVisibleMembersSelector();
    const everyone = selectVisible(actor.getSnapshot());
    // Not banned first, active before pending, then by display name; banned last.
    expect(everyone.map((user) => user.id)).toEqual([2, 3, 1, 5, 4]);

    // A snapshot that changes neither the list nor the filter gives the very same array.
    actor.send({ type: 'member.act', userId: 4, request: { kind: 'delete' } });
    expect(selectVisible(actor.getSnapshot())).toBe(everyone);
    actor.send({ type: 'dialog.cancel' });
    expect(selectVisible(actor.getSnapshot())).toBe(everyone);

    actor.send({ type: 'members.filter', filter: 'pending' });
    expect(selectVisible(actor.getSnapshot())).toEqual([paula]);
    actor.send({ type: 'members.filter', filter: 'admins' });
    expect(selectVisible(actor.getSnapshot()).map((user) => user.id)).toEqual([2, 1]);
    actor.send({ type: 'members.filter', filter: 'members' });
    expect(selectVisible(actor.getSnapshot()).map((user) => user.id)).toEqual([3, 5, 4]);
  });

  it('leaves a banned invitee out of Pending only and of the banner', async () => {
    const bannedInvitee = teamUser({ id: 6, teamStatus: 'pending', isBanned: true });
    const { actor } = await loadedMembers([olivia, paula, bannedInvitee]);
    actor.send({ type: 'members.filter', filter: 'pending' });
    expect(createVisibleMembersSelector()(actor.getSnapshot())).toEqual([paula]);
    expect(createPendingInvitationsSelector()(actor.getSnapshot())).toEqual([paula]);
  });
});

describe('members: row actions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows Deactivate at once and waits 300 ms before the call', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'deactivate' } });
    expect(userById(harness, 3)?.isBanned).toBe(true);
    expect(createBusyUserIdsSelector()(harness.actor.getSnapshot()).has(3)).toBe(true);

    vi.advanceTimersByTime(DEACTIVATE_WAIT_MS - 1);
    expect(harness.actionCalls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(harness.actionCalls).toHaveLength(1);
    expect(harness.actionCalls[0]?.input).toMatchObject({ ref: TEAM_REF, request: { kind: 'deactivate' } });

    harness.actionCalls[0]?.reply.resolve({ updated: { ...mia, isBanned: true } });
    await flush();
    expect(userById(harness, 3)?.isBanned).toBe(true);
    expect(harness.actor.getSnapshot().context.actions).toEqual([]);
    expect(Object.keys(harness.actor.getSnapshot().children)).toEqual([]);
  });

  it('calls Activate and role changes without waiting', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 4, request: { kind: 'activate' } });
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'changeRole', role: 'admin' } });
    expect(harness.actionCalls.map((call) => call.input.request.kind)).toEqual(['activate', 'changeRole']);
    expect(userById(harness, 4)?.isBanned).toBe(false);
    expect(userById(harness, 3)?.role).toBe('admin');
  });

  it('rolls a refused change back and hands the error to the app', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'changeRole', role: 'admin' } });
    const error = { status: 403, code: ErrorCode.permissionDenied, message: 'No', data: null };
    harness.actionCalls[0]?.reply.reject(error);
    await flush();
    expect(userById(harness, 3)).toEqual(mia);
    expect(harness.escalated).toEqual([error]);
    expect(Object.keys(harness.actor.getSnapshot().children)).toEqual([]);
  });

  it('ignores a second action on a row whose first is still running', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'changeRole', role: 'admin' } });
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'activate' } });
    expect(harness.actionCalls).toHaveLength(1);
  });

  it('asks before Delete, removes the row on confirm and puts it back if the server refuses', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'delete' } });
    expect(selectUserToDelete(harness.actor.getSnapshot())).toEqual(mia);
    expect(harness.actionCalls).toHaveLength(0);

    harness.actor.send({ type: 'dialog.confirm' });
    expect(selectUserToDelete(harness.actor.getSnapshot())).toBeNull();
    expect(userById(harness, 3)).toBeUndefined();
    expect(harness.actionCalls[0]?.input.request).toEqual({ kind: 'delete' });

    harness.actionCalls[0]?.reply.reject(new TypeError('offline'));
    await flush();
    expect(harness.actor.getSnapshot().context.users.map((user) => user.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the row when the Delete dialog is cancelled', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'delete' } });
    harness.actor.send({ type: 'dialog.cancel' });
    expect(userById(harness, 3)).toEqual(mia);
    expect(harness.actionCalls).toHaveLength(0);
  });

  it('reports a finished resend with the row it was for', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 5, request: { kind: 'resendInvitation' } });
    harness.actionCalls[0]?.reply.resolve({ resent: ['paula@acme.test'] });
    await flush();
    expect(harness.done).toEqual([
      { request: { kind: 'resendInvitation' }, user: paula, result: { resent: ['paula@acme.test'] } },
    ]);
  });

  it('reloads the list and says so when the member acted on is gone (404 2200, a stale tab)', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'changeRole', role: 'admin' } });
    const gone = { status: 404, code: ErrorCode.itemNotFound, message: 'Item not found', data: null };
    harness.actionCalls[0]?.reply.reject(gone);
    await flush();
    // Not the generic error: the app says the member is gone, and the list starts again.
    expect(harness.escalated).toEqual([]);
    expect(harness.gone).toHaveLength(1);
    expect(selectMembersLoading(harness.actor.getSnapshot())).toBe(true);
    expect(harness.pageCalls).toHaveLength(2);
    expect(harness.pageCalls[1]?.input).toEqual({ ref: TEAM_REF, pageToken: null });

    harness.pageCalls[1]?.reply.resolve({ items: [olivia, adam, ben, paula], nextPageToken: null });
    await flush();
    expect(harness.actor.getSnapshot().context.users.map((user) => user.id)).toEqual([1, 2, 4, 5]);
    expect(harness.actor.getSnapshot().context.actions).toEqual([]);
    expect(Object.keys(harness.actor.getSnapshot().children)).toEqual([]);
  });

  it('keeps an open Delete dialog of another row while the list reloads', async () => {
    const harness = await loadedMembers();
    harness.actor.send({ type: 'member.act', userId: 3, request: { kind: 'activate' } });
    harness.actor.send({ type: 'member.act', userId: 4, request: { kind: 'delete' } });
    harness.actionCalls[0]?.reply.reject({
      status: 404,
      code: ErrorCode.itemNotFound,
      message: '',
      data: null,
    });
    await flush();
    expect(harness.actor.getSnapshot().matches({ dialog: 'confirmingDelete' })).toBe(true);
  });
});
