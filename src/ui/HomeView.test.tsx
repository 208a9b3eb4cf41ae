import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { HomeView } from '@/ui/HomeView';

function home(error: string | null, onRetry = vi.fn()): ReactNode {
  return (
    <Providers env="test">
      <HomeView selector={<ul aria-label="Teams" />} error={error} onRetry={onRetry} />
    </Providers>
  );
}

describe('HomeView', () => {
  it('welcomes and asks to pick a team from the selector', () => {
    render(home(null));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.getByText('Pick a team to start')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Teams' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the error with Retry instead of the selector, and back again', () => {
    const onRetry = vi.fn();
    const { rerender } = render(home('Unknown server error', onRetry));
    expect(screen.getByRole('alert').textContent).toContain('Unknown server error');
    expect(screen.queryByRole('list', { name: 'Teams' })).toBeNull();
    expect(screen.getByText('Pick a team to start')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(home(null, onRetry));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('list', { name: 'Teams' })).toBeTruthy();
  });
});
