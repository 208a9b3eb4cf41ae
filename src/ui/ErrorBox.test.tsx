import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { ErrorBox } from '@/ui/ErrorBox';

describe('ErrorBox', () => {
  it('shows the message and retries on request', () => {
    const onRetry = vi.fn();
    render(
      <Providers env="test">
        <ErrorBox message="Unknown server error" onRetry={onRetry} />
      </Providers>,
    );
    const box = screen.getByRole('alert');
    expect(box.textContent).toBe('Unknown server errorRetry');
    expect(screen.getByText('Unknown server error')).toBeTruthy();
    expect(onRetry).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
