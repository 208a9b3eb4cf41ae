import type { SnapshotFrom } from 'xstate';
import type { PublicFile } from '@/domain/entities';
import type { PublicFileErrorKind } from '@/domain/public-files';
import type { publicFileMachine } from './public-file.machine';

type PublicFileSnapshot = SnapshotFrom<typeof publicFileMachine>;

export const selectFileLoading = (snapshot: PublicFileSnapshot): boolean => snapshot.hasTag('loading');
export const selectFile = (snapshot: PublicFileSnapshot): PublicFile | null =>
  snapshot.matches('ready') ? snapshot.context.file : null;
export const selectFileErrorKind = (snapshot: PublicFileSnapshot): PublicFileErrorKind | null =>
  snapshot.matches('failed') ? snapshot.context.errorKind : null;
export const selectNow = (snapshot: PublicFileSnapshot): number => snapshot.context.now;
