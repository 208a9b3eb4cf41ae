// The internal upload page (spec section 2, /public-files/upload): staff only. The link's secret is
// made here with the Web Crypto API and only its hash reaches the server's database.
import { useSelector } from '@xstate/react';
import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { uploadFile } from '@/api/files';
import { getProfile } from '@/api/profile';
import type { Profile } from '@/domain/entities';
import { generateUploadSecret } from '@/domain/upload-secret';
import { errorOf } from '@/machines/actor-error';
import {
  type PublicFileUploadEvent,
  publicFileUploadMachine,
  type UploadRequest,
} from '@/machines/public-file-upload.machine';
import {
  selectUploadError,
  selectUploadFieldErrors,
  selectUploading,
  selectUploadResult,
  selectUploadShare,
} from '@/machines/public-file-upload.selectors';
import { screenSetupMachine } from '@/machines/screen-setup.machine';
import { pathTo } from '@/routes/route-table';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ErrorBox } from '@/ui/ErrorBox';
import { LoadingScreen } from '@/ui/LoadingScreen';
import { StaffOnly } from '@/ui/public-files/StaffOnly';
import { UploadForm } from '@/ui/public-files/UploadForm';

const DAY_SECONDS = 86_400;

const selectProfile = (snapshot: SnapshotFrom<typeof screenSetupMachine>) =>
  snapshot.matches('ready') ? (snapshot.context.data as Profile) : null;
const selectProfileError = (snapshot: SnapshotFrom<typeof screenSetupMachine>) =>
  snapshot.matches('failed') ? snapshot.context.errorMessage : null;

const uploadSelectors = {
  uploading: selectUploading,
  share: selectUploadShare,
  result: selectUploadResult,
  fieldErrors: selectUploadFieldErrors,
  errorMessage: selectUploadError,
};

/** The share link a visitor opens: this console's public-file page with the secret. */
function shareLink(fileKey: string, secret: string): string {
  return `${window.location.origin}${pathTo('public-file', { fileKey }, { s: secret })}`;
}

export function PublicFilesUploadPage() {
  const setup = useScreenFlow(({ api, handleError }) =>
    screenSetupMachine.provide({
      actors: { load: fromPromise<unknown, unknown>(() => getProfile(api)) },
      actions: { escalate: ({ event }) => handleError(errorOf(event)) },
    }),
  );
  const profile = useSelector(setup, selectProfile);
  const error = useSelector(setup, selectProfileError);
  if (error) return <ErrorBox message={error} onRetry={() => setup.send({ type: 'setup.retry' })} />;
  if (!profile) return <LoadingScreen />;
  if (!profile.isStaff) return <StaffOnly title="Upload a public file" />;
  return <UploadFlow />;
}

function UploadFlow() {
  const flow = useScreenFlow(({ api, handleError }) =>
    publicFileUploadMachine.provide({
      actors: {
        uploadFile: fromCallback<PublicFileUploadEvent, UploadRequest>(({ input, sendBack }) => {
          const controller = new AbortController();
          const secret = generateUploadSecret((bytes) => crypto.getRandomValues(bytes));
          const file = input.file as File;
          const info = {
            name: file.name,
            expiresAt: input.expiresAt,
            ...(input.sender ? { meta: { from: input.sender } } : {}),
          };
          uploadFile(
            api,
            secret,
            { info, file, preview: input.preview },
            {
              signal: controller.signal,
              onProgress: (progress) => sendBack({ type: 'upload.progress', ...progress }),
            },
          ).then(
            (uploaded) => sendBack({ type: 'upload.done', result: { file: uploaded, secret } }),
            (failure: unknown) => {
              if (!controller.signal.aborted) sendBack({ type: 'upload.failed', error: failure });
            },
          );
          return () => controller.abort();
        }),
      },
      actions: {
        escalate: ({ event }) => {
          if (event.type === 'upload.failed') handleError(event.error);
        },
      },
    }),
  );
  const { uploading, share, result, fieldErrors, errorMessage } = useSelections(flow, uploadSelectors);
  return (
    <UploadForm
      uploading={uploading}
      share={share}
      fieldErrors={fieldErrors}
      errorMessage={errorMessage}
      link={result ? shareLink(result.file.key, result.secret) : null}
      onSubmit={(values) =>
        flow.send({
          type: 'upload.submit',
          request: {
            file: values.file,
            preview: values.preview,
            sender: values.sender,
            expiresAt: Math.floor(Date.now() / 1000) + values.lifetimeDays * DAY_SECONDS,
          },
        })
      }
      onCancel={() => flow.send({ type: 'upload.cancel' })}
      onAgain={() => flow.send({ type: 'upload.again' })}
    />
  );
}
