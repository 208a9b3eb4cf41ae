import { lazyView } from '@/ui/lazy-view';
import type { TeamExitDialogProps } from '@/ui/team-overview/TeamExitDialogModal';

export type { TeamExitDialogProps, TeamExitKind } from '@/ui/team-overview/TeamExitDialogModal';

/** Delete or leave team (TeamExitDialogModal), its module loaded when it first opens. */
export const TeamExitDialog = lazyView<TeamExitDialogProps>(
  async () => (await import('@/ui/team-overview/TeamExitDialogModal')).TeamExitDialogModal,
  (props) => props.kind !== null,
);
