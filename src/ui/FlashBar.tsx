import { Notification } from '@mantine/core';
import type { Flash } from '@/domain/entities';
import classes from './FlashBar.module.css';

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

/** The transient message bar at the bottom of every screen (spec section 2, common elements). */
export function FlashBar({ flash, onClose }: FlashBarProps) {
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
