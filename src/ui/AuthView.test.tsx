import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { AuthView, type AuthViewState } from '@/ui/AuthView';

const DEEP_LINK = 'readdle-spark://teams-login?from=console';

function renderAuth(state: AuthViewState) {
  const onLogout = vi.fn();
  const onSubmitToken = vi.fn();
  const view = render(
    <Providers env="test">
      <AuthView state={state} deepLinkHref={DEEP_LINK} onLogout={onLogout} onSubmitToken={onSubmitToken} />
    </Providers>,
  );
  return { onLogout, onSubmitToken, view };
}

describe('AuthView', () => {
  it("shows only 'Loading...' while working", () => {
    renderAuth('loading');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says 'Token is invalid' and offers 'Log in with Spark' after a token error", () => {
    renderAuth('invalid');
    expect(screen.getByRole('alert').textContent).toBe('Token is invalid');
    expect(screen.getByRole('link', { name: 'Log in with Spark' }).getAttribute('href')).toBe(DEEP_LINK);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("offers 'Log in with Spark' when logged out", () => {
    renderAuth('loggedOut');
    expect(screen.getByRole('link', { name: 'Log in with Spark' }).getAttribute('href')).toBe(DEEP_LINK);
    expect(screen.queryByText('Token is invalid')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it("offers 'Log out' when logged in", () => {
    const { onLogout } = renderAuth('loggedIn');
    expect(screen.queryByRole('link', { name: 'Log in with Spark' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('hands the manual token to the page, with the logged-in note and a single Log out', () => {
    const { onSubmitToken } = renderAuth('loggedIn');
    fireEvent.click(screen.getByRole('button', { name: 'Enter token manually' }));
    expect(screen.getByText('You are logged in. Use blank token to log out')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Log out' })).toHaveLength(1);
    fireEvent.change(screen.getByRole('textbox', { name: 'Token' }), { target: { value: ' code-123 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmitToken).toHaveBeenCalledExactlyOnceWith('code-123');
  });

  it('notes a logged-out session in the manual form', () => {
    renderAuth('invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Enter token manually' }));
    expect(screen.getByText('You are logged out')).toBeTruthy();
  });
});
