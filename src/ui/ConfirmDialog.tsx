import type { ConfirmDialogProps } from '@/ui/ConfirmDialogModal';
import { lazyView } from '@/ui/lazy-view';

export type { ConfirmDialogProps };

/** Asks before a destructive action (ConfirmDialogModal), its module loaded when it first opens. */
export const ConfirmDialog = lazyView<ConfirmDialogProps>(
  async () => (await import('@/ui/ConfirmDialogModal')).ConfirmDialogModal,
  (props) => props.opened,
);
