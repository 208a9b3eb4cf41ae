import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '@/domain/error-codes';
import { heldBackResendText } from '@/domain/invitations';
import { selectResendHeldBack } from './invitations.selectors';
import {
  type CancelAllOutcome,
  invitationsBannerMachine,
  type ResendOutcome,
} from './invitations-banner.machine';
import {
  type MarkerStorage,
  RESEND_THROTTLE_MS,
  resentMarkerKey,
  resentMarkerStore,
} from './invitations-resent-marker';
import { type Deferred, deferred, flush } from './session.test-kit';

const PREFIX = 'test-console:';
const TEAM_ID = 1;
const T0 = Date.UTC(2030, 0, 1, 9, 0, 0);
const MINUTE = 60 * 1000;

function memoryStorage(): MarkerStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

/** A page with the banner: its store over `storage`, its clock the (fake) system time. */
function openBanner(storage: MarkerStorage) {
  const resendCalls: { emails: string[]; reply: Deferred<ResendOutcome> }[] = [];
  const cancelCalls: { userIds: number[]; reply: Deferred<CancelAllOutcome> }[] = [];
  const announced: string[][] = [];
  const cancelled: number[][] = [];
  const escalated: unknown[] = [];
  const machine = invitationsBannerMachine.provide({
    actors: {
      resendInvitations: fromPromise(({ input }) => {
        const reply = deferred<ResendOutcome>();
        resendCalls.push({ emails: input.emails, reply });
        return reply.promise;
      }),
      cancelInvitations: fromPromise(({ input }) => {
        const reply = deferred<CancelAllOutcome>();
        cancelCalls.push({ userIds: input.userIds, reply });
        return reply.promise;
      }),
    },
    actions: {
      announceResent: (_, resent) => announced.push(resent),
      reportCancelled: (_, ids) => cancelled.push(ids),
      escalate: (_, error) => escalated.push(error),
    },
  });
  const actor = createActor(machine, {
    input: { store: resentMarkerStore(storage, PREFIX, TEAM_ID), now: () => Date.now() },
  }).start();
  return { actor, resendCalls, cancelCalls, announced, cancelled, escalated };
}

async function resendAll(banner: ReturnType<typeof openBanner>) {
  banner.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test'] });
  banner.resendCalls.at(-1)?.reply.resolve({ resent: ['paula@acme.test'] });
  await flush();
}

describe('invitation banner: the resent marker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks the team resent after Resend all and stores the time under the prefix', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    expect(banner.actor.getSnapshot().matches('idle')).toBe(true);

    banner.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test', 'pete@acme.test'] });
    expect(banner.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(banner.resendCalls[0]?.emails).toEqual(['paula@acme.test', 'pete@acme.test']);
    banner.resendCalls[0]?.reply.resolve({ resent: ['paula@acme.test'] });
    await flush();

    expect(banner.actor.getSnapshot().hasTag('resent')).toBe(true);
    expect(banner.announced).toEqual([['paula@acme.test']]);
    expect(JSON.parse(storage.entries.get(resentMarkerKey(PREFIX, TEAM_ID)) ?? 'null')).toEqual({
      resentAt: T0,
    });
    // Throttled: a second Resend all does nothing while the marker stands.
    banner.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test'] });
    expect(banner.resendCalls).toHaveLength(1);
  });

  it('keeps the marker across a reload within the hour', async () => {
    const storage = memoryStorage();
    const first = openBanner(storage);
    await resendAll(first);
    first.actor.stop();

    vi.setSystemTime(T0 + 59 * MINUTE);
    const reloaded = openBanner(storage);
    expect(reloaded.actor.getSnapshot().hasTag('resent')).toBe(true);
    reloaded.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test'] });
    expect(reloaded.resendCalls).toHaveLength(0);
  });

  it('expires one hour after the resend, on screen and in storage', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    await resendAll(banner);

    vi.advanceTimersByTime(RESEND_THROTTLE_MS - 1);
    expect(banner.actor.getSnapshot().hasTag('resent')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(banner.actor.getSnapshot().matches('idle')).toBe(true);
    expect(storage.entries.size).toBe(0);
    await resendAll(banner);
    expect(banner.resendCalls).toHaveLength(2);
  });

  it('expires after a reload at the hour too, and the rest of the hour counts after a reload', async () => {
    const storage = memoryStorage();
    await resendAll(openBanner(storage));

    vi.setSystemTime(T0 + 30 * MINUTE);
    const halfway = openBanner(storage);
    vi.advanceTimersByTime(30 * MINUTE);
    expect(halfway.actor.getSnapshot().matches('idle')).toBe(true);

    // Resent again at T0 + 60 min; a reload exactly an hour later finds it expired.
    await resendAll(halfway);
    vi.setSystemTime(T0 + 60 * MINUTE + RESEND_THROTTLE_MS);
    const late = openBanner(storage);
    expect(late.actor.getSnapshot().matches('idle')).toBe(true);
    expect(storage.entries.size).toBe(0);
  });

  it('Cancel all asks first, then cancels and resets the marker', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    await resendAll(banner);

    banner.actor.send({ type: 'invitations.cancelAll', userIds: [5, 6] });
    expect(banner.actor.getSnapshot().hasTag('confirming')).toBe(true);
    banner.actor.send({ type: 'invitations.dismiss' });
    expect(banner.actor.getSnapshot().hasTag('resent')).toBe(true);
    expect(banner.cancelCalls).toHaveLength(0);

    banner.actor.send({ type: 'invitations.cancelAll', userIds: [5, 6] });
    banner.actor.send({ type: 'invitations.confirm' });
    expect(banner.cancelCalls[0]?.userIds).toEqual([5, 6]);
    banner.cancelCalls[0]?.reply.resolve({ cancelled: [5, 6], failure: null });
    await flush();
    expect(banner.actor.getSnapshot().matches('idle')).toBe(true);
    expect(banner.cancelled).toEqual([[5, 6]]);
    expect(storage.entries.size).toBe(0);
    expect(openBanner(storage).actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('reports what Cancel all did cancel, and the failure of the rest', async () => {
    const banner = openBanner(memoryStorage());
    banner.actor.send({ type: 'invitations.cancelAll', userIds: [5, 6] });
    banner.actor.send({ type: 'invitations.confirm' });
    const failure = { status: 403, code: ErrorCode.permissionDenied, message: 'No', data: null };
    banner.cancelCalls[0]?.reply.resolve({ cancelled: [5], failure });
    await flush();
    expect(banner.cancelled).toEqual([[5]]);
    expect(banner.escalated).toEqual([failure]);
  });

  it('leaves the team unmarked when the resend fails', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    banner.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test'] });
    const error = new TypeError('offline');
    banner.resendCalls[0]?.reply.reject(error);
    await flush();
    expect(banner.actor.getSnapshot().matches('idle')).toBe(true);
    expect(banner.escalated).toEqual([error]);
    expect(storage.entries.size).toBe(0);
  });

  it('reads a damaged stored marker as none', () => {
    const storage = memoryStorage();
    storage.setItem(resentMarkerKey(PREFIX, TEAM_ID), '{not json');
    expect(openBanner(storage).actor.getSnapshot().matches('idle')).toBe(true);
  });
});

describe('invitation banner: addresses the mail limits held back', () => {
  const LIMITED = 'often@example.test';

  it('names them after a resend that mailed the others, and the team is marked resent', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    banner.actor.send({ type: 'invitations.resendAll', emails: ['paula@acme.test', LIMITED] });
    banner.resendCalls[0]?.reply.resolve({ resent: ['paula@acme.test'], limited: [LIMITED] });
    await flush();
    const snapshot = banner.actor.getSnapshot();
    expect(snapshot.hasTag('resent')).toBe(true);
    expect(banner.announced).toEqual([['paula@acme.test']]);
    expect(heldBackResendText(selectResendHeldBack(snapshot))).toBe(
      `Not resent: ${LIMITED} (too many invitations, try again later)`,
    );
  });

  it('names them from a 429 code 1800 when nobody was mailed: no flash of failure, no marker', async () => {
    const storage = memoryStorage();
    const banner = openBanner(storage);
    banner.actor.send({ type: 'invitations.resendAll', emails: [LIMITED] });
    banner.resendCalls[0]?.reply.reject({
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Too many attempts. Please try again later',
      data: { retryAfter: 3600, skipped: [{ email: LIMITED, reason: 'limited' }] },
    });
    await flush();
    const snapshot = banner.actor.getSnapshot();
    expect(snapshot.matches('idle')).toBe(true);
    expect(banner.escalated).toEqual([]);
    expect(storage.entries.size).toBe(0);
    expect(selectResendHeldBack(snapshot)).toEqual([LIMITED]);
  });

  it('escalates a 1800 that names nobody (the per-inviter call limit), and forgets an old note on the next resend', async () => {
    const banner = openBanner(memoryStorage());
    banner.actor.send({ type: 'invitations.resendAll', emails: [LIMITED] });
    banner.resendCalls[0]?.reply.reject({
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Too many attempts. Please try again later',
      data: { skipped: [{ email: LIMITED, reason: 'limited' }] },
    });
    await flush();
    banner.actor.send({ type: 'invitations.resendAll', emails: [LIMITED] });
    expect(selectResendHeldBack(banner.actor.getSnapshot())).toEqual([]);
    const callLimit = {
      status: 429,
      code: ErrorCode.tooManyRequests,
      message: 'Too many',
      data: { retryAfter: 60 },
    };
    banner.resendCalls[1]?.reply.reject(callLimit);
    await flush();
    expect(banner.escalated).toEqual([callLimit]);
    expect(selectResendHeldBack(banner.actor.getSnapshot())).toEqual([]);
  });
});
