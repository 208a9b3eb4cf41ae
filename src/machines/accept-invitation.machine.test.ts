import { createActor, fromPromise } from 'xstate';
import type { InvitationResult } from '@/domain/entities';
import { ErrorCode } from '@/domain/error-codes';
import {
  acceptInvitationMachine,
  DOWNLOAD_PAGE_DELAY_MS,
  INVITATION_REDIRECT_DELAY_MS,
} from './accept-invitation.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const notFound = Object.assign(new Error('Item not found'), { status: 404, code: ErrorCode.itemNotFound });

function start(key: string, outcome: () => Promise<InvitationResult>) {
  const openApp = vi.fn();
  const openDownloadPage = vi.fn();
  const calls: string[] = [];
  const actor = createActor(
    acceptInvitationMachine.provide({
      actors: {
        acceptInvitation: fromPromise(async ({ input }) => {
          calls.push(input.key);
          return outcome();
        }),
      },
      actions: { openApp, openDownloadPage },
    }),
    { input: { key } },
  ).start();
  return { actor, openApp, openDownloadPage, calls, state: () => actor.getSnapshot().value };
}

const result = (isNewAccount: boolean): InvitationResult => ({
  teamName: 'Acme Inc',
  email: 'new@acme.test',
  isNewAccount,
});

describe('accept invitation', () => {
  it('accepts, waits 5 s, opens the app; an existing account gets no download page', async () => {
    const { actor, openApp, openDownloadPage, calls, state } = start('k1', async () => result(false));
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['k1']);
    expect(state()).toBe('accepted');
    expect(actor.getSnapshot().context.result?.teamName).toBe('Acme Inc');
    await vi.advanceTimersByTimeAsync(INVITATION_REDIRECT_DELAY_MS - 1);
    expect(openApp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(openApp).toHaveBeenCalledTimes(1);
    expect(state()).toBe('done');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_PAGE_DELAY_MS * 2);
    expect(openDownloadPage).not.toHaveBeenCalled();
  });

  it('a new account: the app first, then the download page', async () => {
    const { openApp, openDownloadPage, state } = start('k2', async () => result(true));
    await vi.advanceTimersByTimeAsync(INVITATION_REDIRECT_DELAY_MS);
    expect(openApp).toHaveBeenCalledTimes(1);
    expect(openDownloadPage).not.toHaveBeenCalled();
    expect(state()).toBe('awaitingDownload');
    await vi.advanceTimersByTimeAsync(DOWNLOAD_PAGE_DELAY_MS);
    expect(openDownloadPage).toHaveBeenCalledTimes(1);
    expect(state()).toBe('done');
  });

  it('a refused key (404 2200) is not found; nothing opens', async () => {
    const { openApp, state } = start('k3', () => Promise.reject(notFound));
    await vi.advanceTimersByTimeAsync(INVITATION_REDIRECT_DELAY_MS * 2);
    expect(state()).toBe('notFound');
    expect(openApp).not.toHaveBeenCalled();
  });

  it('any other failure is failed', async () => {
    const { state } = start('k4', () => Promise.reject(new TypeError('Failed to fetch')));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBe('failed');
  });

  it('no key at all: not found, without a call', async () => {
    const { calls, state } = start('', async () => result(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toBe('notFound');
    expect(calls).toEqual([]);
  });
});
