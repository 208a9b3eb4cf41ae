import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/api-error';
import type { PublicFile } from '@/domain/entities';
import { NOW_TICK_MS, publicFileMachine } from './public-file.machine';
import { selectFile, selectFileErrorKind, selectFileLoading, selectNow } from './public-file.selectors';
import { type Deferred, deferred, flush } from './session.test-kit';

const KEY = 'AbCdEfGhIjKlMnOpQrSt_-';
const SECRET = `${'a'.repeat(43)}=`;
const file: PublicFile = {
  key: KEY,
  name: 'report.pdf',
  size: 1234,
  mimeType: 'application/pdf',
  href: `/api/v1/public-files/${KEY}/download?s=x`,
  expiresAt: 2_000_000_000,
  meta: { from: 'Sid' },
  isPublic: true,
};

function start(
  input = {
    fileKey: KEY as string | undefined,
    secret: SECRET as string | null,
    file: null as PublicFile | null,
  },
) {
  const calls: Deferred<PublicFile>[] = [];
  const actor = createActor(
    publicFileMachine.provide({
      actors: {
        loadFile: fromPromise(() => {
          const reply = deferred<PublicFile>();
          calls.push(reply);
          return reply.promise;
        }),
      },
    }),
    { input },
  ).start();
  return { actor, calls };
}

describe('public file page flow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the file, then ticks the current time every 5 s', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { actor, calls } = start();
    expect(selectFileLoading(actor.getSnapshot())).toBe(true);
    calls[0]?.resolve(file);
    await flush();
    expect(selectFile(actor.getSnapshot())).toEqual(file);
    const first = selectNow(actor.getSnapshot());
    vi.advanceTimersByTime(NOW_TICK_MS - 1);
    expect(selectNow(actor.getSnapshot())).toBe(first);
    vi.advanceTimersByTime(1);
    expect(selectNow(actor.getSnapshot())).toBe(first + NOW_TICK_MS);
    vi.advanceTimersByTime(NOW_TICK_MS);
    expect(selectNow(actor.getSnapshot())).toBe(first + 2 * NOW_TICK_MS);
    actor.stop();
  });

  it('a file that comes with the input shows at once, without asking, and its clock ticks', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { actor, calls } = start({ fileKey: KEY, secret: SECRET, file });
    expect(selectFileLoading(actor.getSnapshot())).toBe(false);
    expect(selectFile(actor.getSnapshot())).toEqual(file);
    expect(calls).toHaveLength(0);
    expect(selectNow(actor.getSnapshot())).toBe(1_000_000);
    vi.advanceTimersByTime(NOW_TICK_MS);
    expect(selectNow(actor.getSnapshot())).toBe(1_000_000 + NOW_TICK_MS);
    actor.stop();
  });

  it('a mangled link is the validation kind without asking the server', () => {
    for (const input of [
      { fileKey: KEY, secret: null, file: null },
      { fileKey: KEY, secret: 'abc=', file: null },
      { fileKey: 'x', secret: SECRET, file: null },
      // A file given for a mangled link is not shown either.
      { fileKey: KEY, secret: 'abc=', file },
    ]) {
      const { actor, calls } = start(input);
      expect(selectFileErrorKind(actor.getSnapshot())).toBe('validation');
      expect(calls).toHaveLength(0);
    }
  });

  it.each([
    [2210, 410, 'expired'],
    [2211, 410, 'deleted'],
    [2200, 404, 'not_found'],
    [10, 400, 'validation'],
  ] as const)('error %d is the %s kind, with no retry', async (code, status, kind) => {
    const { actor, calls } = start();
    calls[0]?.reject(new ApiError({ status, code, message: 'x' }));
    await flush();
    expect(selectFileErrorKind(actor.getSnapshot())).toBe(kind);
    actor.send({ type: 'file.retry' });
    expect(calls).toHaveLength(1);
  });

  it('any other failure is the other kind and may be retried', async () => {
    const { actor, calls } = start();
    calls[0]?.reject(new TypeError('Failed to fetch'));
    await flush();
    expect(selectFileErrorKind(actor.getSnapshot())).toBe('other');
    actor.send({ type: 'file.retry' });
    expect(selectFileLoading(actor.getSnapshot())).toBe(true);
    calls[1]?.resolve(file);
    await flush();
    expect(selectFile(actor.getSnapshot())?.name).toBe('report.pdf');
  });
});
