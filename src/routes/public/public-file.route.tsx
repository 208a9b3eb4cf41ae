// The public-file download page (spec section 2, /public-files/{fileKey}?s=secret): no login; the
// file's card with its Download button, or spec section 8's text for why it cannot be had.
import { useParams, useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';
import { getPublicFile, publicFileDownloadUrl } from '@/api/files';
import { useServices } from '@/app/services-context';
import {
  fileExtension,
  fileIconKind,
  formatFileSize,
  isExecutableFileName,
  publicFileErrorText,
  timeLeftText,
} from '@/domain/public-files';
import { publicFileMachine } from '@/machines/public-file.machine';
import {
  selectFile,
  selectFileErrorKind,
  selectFileLoading,
  selectNow,
} from '@/machines/public-file.selectors';
import { useHydrated } from '@/prerender/use-hydrated';
import { useRouteData } from '@/routes/loads/use-route-data';
import { publicFileLoad } from '@/routes/public/public-file.load';
import { useScreenFlow, useSelectionsInTransition } from '@/routes/screen-flow';
import { PublicFileView } from '@/ui/public-files/PublicFileView';

const selectors = {
  file: selectFile,
  errorKind: selectFileErrorKind,
  loading: selectFileLoading,
  now: selectNow,
};

export function PublicFilePage() {
  const { fileKey } = useParams();
  const [params] = useSearchParams();
  const secret = params.get('s');
  const { api } = useServices();
  // The file its route asked for (public-file.load.ts): in already, the card is in the first paint;
  // else the first load waits for it. Its failure is the page's own, not asked again.
  const kept = useRouteData(publicFileLoad);
  const flow = useScreenFlow(
    ({ api }) =>
      publicFileMachine.provide({
        actors: {
          loadFile: fromPromise(
            ({ input, signal }) =>
              kept.take((failure) => Promise.reject(failure)) ??
              getPublicFile(api, input.fileKey, input.secret, signal),
          ),
        },
      }),
    { fileKey, secret, file: kept.value },
  );
  // The file's card (and the 5 s clock) render in a transition, in slices: the answer landing right
  // after first paint was a long task of its own, /web-login's TBT has none (decision 028).
  const { file, errorKind, now } = useSelectionsInTransition(flow, selectors);
  // The prerendered page is the loading card (a file is no build's to know): hydration renders it
  // as the HTML has it, the file or its failure the render after.
  const hydrated = useHydrated();

  if (!hydrated) return <PublicFileView state="loading" />;
  if (errorKind) {
    return (
      <PublicFileView
        state="failed"
        message={publicFileErrorText(errorKind)}
        onRetry={errorKind === 'other' ? () => flow.send({ type: 'file.retry' }) : null}
      />
    );
  }
  if (!file || !fileKey || !secret) return <PublicFileView state="loading" />;
  return (
    <PublicFileView
      state="ready"
      file={{
        name: file.name,
        sender: file.meta.from,
        sizeText: formatFileSize(file.size),
        extension: fileExtension(file.name),
        iconKind: fileIconKind(file.name),
        executable: isExecutableFileName(file.name),
        downloadHref: publicFileDownloadUrl(api, fileKey, secret),
        timeLeft: file.expiresAt === null ? null : timeLeftText(file.expiresAt, now),
      }}
    />
  );
}
