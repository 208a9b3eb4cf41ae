import { lazyView } from '@/ui/lazy-view';
import type { CheckoutResultDialogProps } from './CheckoutResultDialog';

/**
 * CheckoutResultDialog for the billing page, its module (and Mantine's Modal) loaded when it first
 * opens: most visits do not come back from a checkout. The checkout flow's own dialogs, loaded
 * with the flow, import CheckoutResultDialog.
 */
export const LazyCheckoutResultDialog = lazyView<CheckoutResultDialogProps>(
  async () => (await import('./CheckoutResultDialog')).CheckoutResultDialog,
  (props) => props.opened,
);
