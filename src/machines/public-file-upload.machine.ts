// The internal upload page (spec section 2 'Upload form: requires a file'): the form is checked, the
// file sent with a progress bar (the upload can be cancelled), and the result's share link shown.
// The upload itself (the link secret from the Web Crypto API, the multipart call) is injected.
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { PublicFile } from '@/domain/entities';
import type { FieldError } from '@/domain/error-codes';
import { classifyError, passesUpFromScreenSetup } from '@/domain/error-policy';
import { validationFieldErrors } from '@/domain/field-errors';

export interface UploadRequest {
  file: File | null;
  preview: File | null;
  /** meta.from; empty: the server names the uploader. */
  sender: string;
  /** Seconds since epoch. */
  expiresAt: number;
}

export interface UploadResult {
  file: PublicFile;
  /** The link's secret, made in the browser; the server keeps only its hash. */
  secret: string;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export type UploadActorEvent =
  | ({ type: 'upload.progress' } & UploadProgress)
  | { type: 'upload.done'; result: UploadResult }
  | { type: 'upload.failed'; error: unknown };

export type PublicFileUploadEvent =
  | { type: 'upload.submit'; request: UploadRequest }
  | { type: 'upload.cancel' }
  | { type: 'upload.again' }
  | UploadActorEvent;

export interface PublicFileUploadContext {
  progress: UploadProgress | null;
  result: UploadResult | null;
  fieldErrors: FieldError[];
  errorMessage: string | null;
}

const FILE_REQUIRED: FieldError = { field: 'file', message: 'must not be empty' };

export const publicFileUploadMachine = setup({
  types: {
    context: {} as PublicFileUploadContext,
    events: {} as PublicFileUploadEvent,
  },
  actors: {
    // Sends upload.progress while the bytes go out, then upload.done or upload.failed; stopping it
    // (cancel, leaving the page) aborts the request.
    uploadFile: fromCallback<PublicFileUploadEvent, UploadRequest>(() => {
      throw new Error('uploadFile is not provided');
    }),
  },
  actions: {
    requireFile: assign({ fieldErrors: [FILE_REQUIRED], errorMessage: null }),
    startProgress: assign({ progress: null, fieldErrors: [], errorMessage: null }),
    storeProgress: assign({
      progress: ({ event }) => {
        assertEvent(event, 'upload.progress');
        return { loaded: event.loaded, total: event.total };
      },
    }),
    storeResult: assign({
      result: ({ event }) => {
        assertEvent(event, 'upload.done');
        return event.result;
      },
    }),
    rememberFailure: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      const fieldErrors = validationFieldErrors(event.error);
      const outcome = classifyError(event.error);
      const message = 'message' in outcome ? outcome.message : null;
      return { fieldErrors, errorMessage: fieldErrors.length > 0 ? null : message };
    }),
    clearForm: assign({ progress: null, result: null, fieldErrors: [], errorMessage: null }),
    // Injected by the app: a 401 re-runs the auth flow (error-handling.ts).
    escalate: () => {},
  },
  guards: {
    hasFile: ({ event }) => {
      assertEvent(event, 'upload.submit');
      return !!event.request.file && event.request.file.size > 0;
    },
    passesUp: ({ event }) => {
      assertEvent(event, 'upload.failed');
      return passesUpFromScreenSetup(event.error);
    },
  },
}).createMachine({
  id: 'publicFileUpload',
  context: { progress: null, result: null, fieldErrors: [], errorMessage: null },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editable',
      on: {
        'upload.submit': [
          { guard: 'hasFile', target: 'uploading', actions: 'startProgress' },
          { actions: 'requireFile' },
        ],
      },
    },
    uploading: {
      tags: 'busy',
      invoke: {
        src: 'uploadFile',
        input: ({ event }) => {
          assertEvent(event, 'upload.submit');
          return event.request;
        },
      },
      on: {
        'upload.progress': { actions: 'storeProgress' },
        'upload.done': { target: 'done', actions: 'storeResult' },
        'upload.failed': [
          { guard: 'passesUp', target: 'editing', actions: 'escalate' },
          { target: 'editing', actions: 'rememberFailure' },
        ],
        'upload.cancel': { target: 'editing', actions: 'clearForm' },
      },
    },
    done: {
      on: { 'upload.again': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
