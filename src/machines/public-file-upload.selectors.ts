import type { SnapshotFrom } from 'xstate';
import type { FieldError } from '@/domain/error-codes';
import type { publicFileUploadMachine, UploadResult } from './public-file-upload.machine';

type UploadSnapshot = SnapshotFrom<typeof publicFileUploadMachine>;

export const selectUploading = (snapshot: UploadSnapshot): boolean => snapshot.hasTag('busy');
/** Share of the bytes sent, 0..1; null before the first report. */
export const selectUploadShare = (snapshot: UploadSnapshot): number | null => {
  const progress = snapshot.context.progress;
  return progress && progress.total > 0 ? Math.min(1, progress.loaded / progress.total) : null;
};
export const selectUploadResult = (snapshot: UploadSnapshot): UploadResult | null =>
  snapshot.matches('done') ? snapshot.context.result : null;
export const selectUploadFieldErrors = (snapshot: UploadSnapshot): FieldError[] =>
  snapshot.context.fieldErrors;
export const selectUploadError = (snapshot: UploadSnapshot): string | null => snapshot.context.errorMessage;
