import { Notification } from '@mantine/core';
import type { Flash } from '@/domain/entities';
import type { FlashBarProps } from './FlashBar';
import classes from './FlashBar.module.css';

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
