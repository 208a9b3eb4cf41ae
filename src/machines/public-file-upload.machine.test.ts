import { createActor, fromCallback } from 'xstate';
import { ApiError } from '@/api/api-error';
import type { PublicFile } from '@/domain/entities';
import {
  type PublicFileUploadEvent,
  publicFileUploadMachine,
  type UploadRequest,
} from './public-file-upload.machine';
import {
  selectUploadError,
  selectUploadFieldErrors,
  selectUploading,
  selectUploadResult,
  selectUploadShare,
} from './public-file-upload.selectors';

const file = { key: 'k', name: 'a.bin', size: 4 } as PublicFile;
const request = (overrides: Partial<UploadRequest> = {}): UploadRequest => ({
  file: new File(['data'], 'a.bin'),
  preview: null,
  sender: 'Sid',
  expiresAt: 2_000_000_000,
  ...overrides,
});

function start() {
  const uploads: {
    input: UploadRequest;
    sendBack: (event: PublicFileUploadEvent) => void;
    stopped: boolean;
  }[] = [];
  const escalated: unknown[] = [];
  const actor = createActor(
    publicFileUploadMachine.provide({
      actors: {
        uploadFile: fromCallback<PublicFileUploadEvent, UploadRequest>(({ input, sendBack }) => {
          const upload = { input, sendBack, stopped: false };
          uploads.push(upload);
          return () => {
            upload.stopped = true;
          };
        }),
      },
      actions: { escalate: ({ event }) => escalated.push(event) },
    }),
  ).start();
  return { actor, uploads, escalated };
}

describe('public file upload flow', () => {
  it('requires a file: no upload, field file must not be empty', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'upload.submit', request: request({ file: null }) });
    actor.send({ type: 'upload.submit', request: request({ file: new File([], 'empty.txt') }) });
    expect(uploads).toHaveLength(0);
    expect(selectUploadFieldErrors(actor.getSnapshot())).toEqual([
      { field: 'file', message: 'must not be empty' },
    ]);
  });

  it('shows progress, then the result; again starts over', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'upload.submit', request: request() });
    expect(selectUploading(actor.getSnapshot())).toBe(true);
    expect(selectUploadShare(actor.getSnapshot())).toBeNull();
    uploads[0]?.sendBack({ type: 'upload.progress', loaded: 25, total: 100 });
    expect(selectUploadShare(actor.getSnapshot())).toBe(0.25);
    uploads[0]?.sendBack({ type: 'upload.done', result: { file, secret: 's=' } });
    expect(selectUploadResult(actor.getSnapshot())).toEqual({ file, secret: 's=' });
    actor.send({ type: 'upload.again' });
    expect(selectUploadResult(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().hasTag('editable')).toBe(true);
  });

  it('cancel stops the upload (aborting the request)', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'upload.submit', request: request() });
    actor.send({ type: 'upload.cancel' });
    expect(uploads[0]?.stopped).toBe(true);
    expect(selectUploading(actor.getSnapshot())).toBe(false);
  });

  it('server field errors go back to the form; other errors show their message; 401 passes up', () => {
    const { actor, uploads, escalated } = start();
    actor.send({ type: 'upload.submit', request: request() });
    uploads[0]?.sendBack({
      type: 'upload.failed',
      error: new ApiError({
        status: 400,
        code: 10,
        message: 'Validation error',
        data: [{ field: 'info.expiresAt', message: 'is too far away' }],
      }),
    });
    expect(selectUploadFieldErrors(actor.getSnapshot())).toEqual([
      { field: 'info.expiresAt', message: 'is too far away' },
    ]);
    expect(selectUploadError(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'upload.submit', request: request() });
    uploads[1]?.sendBack({
      type: 'upload.failed',
      error: new ApiError({ status: 403, code: 1700, message: 'You are not allowed to do this' }),
    });
    expect(selectUploadError(actor.getSnapshot())).toBe('You are not allowed to do this');

    actor.send({ type: 'upload.submit', request: request() });
    uploads[2]?.sendBack({ type: 'upload.failed', error: new TypeError('Network error') });
    expect(selectUploadError(actor.getSnapshot())).toBe('Unknown error');

    actor.send({ type: 'upload.submit', request: request() });
    uploads[3]?.sendBack({
      type: 'upload.failed',
      error: new ApiError({ status: 401, code: 1200, message: 'Token is invalid' }),
    });
    expect(escalated).toHaveLength(1);
  });
});
