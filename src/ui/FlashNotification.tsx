import { Notification } from '@mantine/core';
import type { Flash } from '@/domain/entities';
import classes from './FlashBar.module.css';

// The props live here, below FlashBar.tsx, which loads this module with the first flash.
export interface FlashBarProps {
  /** The one flash on show (the queue shows only its first), or null for none. */
  flash: Flash | null;
  onClose: (id: string) => void;
}

const COLOR: Record<Flash['variant'], string | undefined> = {
  danger: 'red',
  success: 'green',
  info: undefined,
};

/** The flash bar's view (FlashBar), Mantine's Notification with its close button. */
export function FlashNotification({ flash, onClose }: FlashBarProps) {
  if (!flash) return null;
  const danger = flash.variant === 'danger';
  return (
    <div className={classes.bar}>
      <Notification
        // A new flash is a new element, so assistive technology announces it afresh.
        key={flash.id}
        className={classes.notification}
        color={COLOR[flash.variant]}
        role={danger ? 'alert' : 'status'}
        aria-live={danger ? 'assertive' : 'polite'}
        withBorder
        closeButtonProps={{ 'aria-label': 'Close' }}
        onClose={() => onClose(flash.id)}
      >
        {flash.message}
      </Notification>
    </div>
  );
}
