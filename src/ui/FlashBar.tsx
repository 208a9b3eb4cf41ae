import type { FlashBarProps } from '@/ui/FlashNotification';
import { lazyView } from '@/ui/lazy-view';

/**
 * The transient message bar at the bottom of every screen (spec section 2, common elements). A flash
 * follows an action, never a first paint, so its view (Mantine's Notification and CloseButton) loads
 * when the queue first has one (the size budgets). Each flash is a new role="status" or "alert"
 * element, as before, so it is announced when it appears, only a module fetch later the first time.
 */
export const FlashBar = lazyView<FlashBarProps>(
  async () => (await import('@/ui/FlashNotification')).FlashNotification,
  (props) => props.flash !== null,
);
