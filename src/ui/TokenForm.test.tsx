import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { HiddenTokenForm, TokenForm, type TokenFormProps } from '@/ui/TokenForm';

function renderForm(props: Partial<TokenFormProps> = {}) {
  const onSubmit = vi.fn();
  const onLogout = vi.fn();
  render(
    <Providers env="test">
      <TokenForm loggedIn={false} onSubmit={onSubmit} onLogout={onLogout} {...props} />
    </Providers>,
  );
  return { onSubmit, onLogout, input: screen.getByRole('textbox', { name: 'Token' }) as HTMLInputElement };
}

describe('TokenForm', () => {
  it("notes 'You are logged out' and offers no 'Log out' when logged out", () => {
    const { input } = renderForm();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You are logged out',
    );
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });

  it("notes 'You are logged in. Use blank token to log out' and offers 'Log out' when logged in", () => {
    const { input, onLogout, onSubmit } = renderForm({ loggedIn: true });
    expect(screen.getByText('You are logged in. Use blank token to log out')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe(
      screen.getByText('You are logged in. Use blank token to log out').id,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the trimmed token with Log in', () => {
    const { input, onSubmit } = renderForm();
    fireEvent.change(input, { target: { value: '  eyJ.token.sig \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('eyJ.token.sig');
  });

  it('submits a blank token as an empty string (log out)', () => {
    const { onSubmit } = renderForm({ loggedIn: true });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('');
  });

  it('submits with Enter in the field', () => {
    const { input, onSubmit } = renderForm();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.submit(input.form as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('abc');
  });

  it('holds the buttons while busy', () => {
    renderForm({ loggedIn: true, busy: true });
    expect((screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Log out' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("leaves 'Log out' to the page when no onLogout is given", () => {
    renderForm({ loggedIn: true, onLogout: undefined });
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
  });
});

describe('HiddenTokenForm', () => {
  it('keeps the form hidden until the toggle is used, and hides it again', () => {
    const onSubmit = vi.fn();
    render(
      <Providers env="test">
        <HiddenTokenForm loggedIn={false} onSubmit={onSubmit} />
      </Providers>,
    );
    const toggle = screen.getByRole('button', { name: 'Enter token manually' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Token' })).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Token' }), { target: { value: 't0k3n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('t0k3n');

    fireEvent.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'Token' })).toBeNull();
  });
});
