import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { LoginView } from '@/ui/LoginView';

const DEEP_LINK = 'readdle-spark://teams-login?from=console';

function login(loggedIn: boolean, handlers = { onSubmitToken: vi.fn(), onLogout: vi.fn() }, busy = false) {
  const node: ReactNode = (
    <Providers env="test">
      <LoginView loggedIn={loggedIn} deepLinkHref={DEEP_LINK} busy={busy} {...handlers} />
    </Providers>
  );
  return { node, ...handlers };
}

const openTokenForm = () => fireEvent.click(screen.getByRole('button', { name: 'Enter token manually' }));

describe('LoginView', () => {
  it("says the session expired and links 'Log In with Spark' to the app", () => {
    render(login(false).node);
    expect(screen.getByRole('heading', { level: 1, name: 'Session expired' })).toBeTruthy();
    expect(screen.getByText('You were logged out due to inactivity')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log In with Spark' }).getAttribute('href')).toBe(DEEP_LINK);
    expect(screen.queryByRole('textbox', { name: 'Token' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
  });

  it('reveals the manual token form and submits the token', () => {
    const { node, onSubmitToken } = login(false);
    render(node);
    openTokenForm();
    expect(screen.getByText('You are logged out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Token' }), { target: { value: 'refresh-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmitToken).toHaveBeenCalledExactlyOnceWith('refresh-token');
  });

  it("offers 'Log out' with its note when logged in", () => {
    const { node, onLogout, onSubmitToken } = login(true);
    render(node);
    openTokenForm();
    expect(screen.getByText('You are logged in. Use blank token to log out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(onSubmitToken).not.toHaveBeenCalled();
  });

  it('switches the note when the session changes under an open form', () => {
    const handlers = { onSubmitToken: vi.fn(), onLogout: vi.fn() };
    const { rerender } = render(login(true, handlers).node);
    openTokenForm();
    rerender(login(false, handlers).node);
    expect(screen.getByText('You are logged out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it('holds Log in while busy', () => {
    render(login(false, undefined, true).node);
    openTokenForm();
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
