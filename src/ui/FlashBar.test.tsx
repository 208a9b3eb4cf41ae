import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import type { Flash } from '@/domain/entities';
import { FlashBar } from '@/ui/FlashBar';

function renderBar(flash: Flash | null, onClose = vi.fn()) {
  const wrap = (node: ReactNode) => <Providers env="test">{node}</Providers>;
  const view = render(wrap(<FlashBar flash={flash} onClose={onClose} />));
  return {
    onClose,
    rerender: (next: Flash | null) => view.rerender(wrap(<FlashBar flash={next} onClose={onClose} />)),
  };
}

const notificationColor = (element: HTMLElement) => element.style.getPropertyValue('--notification-color');

describe('FlashBar', () => {
  it('shows the first flash once its view has loaded (the tests below render it at once)', async () => {
    const { rerender } = renderBar(null);
    rerender({ id: 'f0', variant: 'success', message: 'Invitation was sent' });
    expect((await screen.findByRole('status')).textContent).toBe('Invitation was sent');
  });

  it('shows nothing without a flash', () => {
    renderBar(null);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a success flash politely, in green', () => {
    renderBar({ id: 'f1', variant: 'success', message: 'Invitation was sent' });
    const bar = screen.getByRole('status');
    expect(bar.textContent).toBe('Invitation was sent');
    expect(bar.getAttribute('aria-live')).toBe('polite');
    expect(notificationColor(bar)).toBe('var(--mantine-color-green-filled)');
  });

  it('shows a danger flash as an alert, in red', () => {
    renderBar({ id: 'f2', variant: 'danger', message: 'Team name is taken' });
    const bar = screen.getByRole('alert');
    expect(bar.textContent).toBe('Team name is taken');
    expect(bar.getAttribute('aria-live')).toBe('assertive');
    expect(notificationColor(bar)).toBe('var(--mantine-color-red-filled)');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an info flash in the default colour', () => {
    renderBar({ id: 'f3', variant: 'info', message: 'Saved' });
    expect(notificationColor(screen.getByRole('status'))).toBe('');
  });

  it('reports the flash id when closed', () => {
    const { onClose } = renderBar({ id: 'f4', variant: 'success', message: 'Subscription was renewed' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('f4');
  });

  it('switches to the next flash and hides when the queue empties', () => {
    const { rerender } = renderBar({ id: 'a', variant: 'success', message: 'Invitation was sent' });
    rerender({ id: 'b', variant: 'danger', message: 'Unknown error' });
    expect(screen.getByRole('alert').textContent).toBe('Unknown error');
    expect(screen.queryByText('Invitation was sent')).toBeNull();
    rerender(null);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
