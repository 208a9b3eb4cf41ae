import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { WebLoginSuccessView } from '@/ui/WebLoginSuccessView';
import { EMAIL_HINT, WebLoginView, type WebLoginViewProps } from '@/ui/WebLoginView';

function renderView(props: Partial<WebLoginViewProps> = {}) {
  const callbacks = {
    onSubmitEmail: vi.fn(),
    onProvider: vi.fn(),
    onResend: vi.fn(),
    onEdit: vi.fn(),
  };
  render(
    <Providers env="test">
      <WebLoginView
        step="form"
        email=""
        busy={false}
        provider={null}
        resent={false}
        errorMessage={null}
        providers={['google', 'microsoft']}
        {...callbacks}
        {...props}
      />
    </Providers>,
  );
  return callbacks;
}

describe('WebLoginView', () => {
  it('disables the field and the provider buttons while the page is not wired (ready false)', () => {
    const { onProvider } = renderView({ ready: false });
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(true);
    const google = screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
    fireEvent.click(google);
    expect(onProvider).not.toHaveBeenCalled();
    cleanup();
    renderView();
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Continue with Google' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('enables the arrow only for a valid address and submits it trimmed', () => {
    const { onSubmitEmail } = renderView();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to Spark for Teams');
    expect(screen.getByText("Let's add your email")).toBeTruthy();
    const arrow = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    const field = screen.getByRole('textbox', { name: 'Email' });
    expect(arrow.disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'nora@newco' } });
    expect(arrow.disabled).toBe(true);
    fireEvent.change(field, { target: { value: ' nora@newco.test ' } });
    expect(arrow.disabled).toBe(false);
    fireEvent.click(arrow);
    expect(onSubmitEmail).toHaveBeenCalledWith('nora@newco.test');
  });

  it('says under the field why an address cannot be used yet, once the person leaves it or tries to go on', () => {
    renderView();
    const field = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(field, { target: { value: 'nora@newco' } });
    // Not while typing the first letters.
    expect(screen.queryByText(EMAIL_HINT)).toBeNull();
    fireEvent.blur(field);
    expect(screen.getByText(EMAIL_HINT)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe('email-hint');
    fireEvent.change(field, { target: { value: 'nora@newco.test' } });
    expect(screen.queryByText(EMAIL_HINT)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('says so when Enter is pressed on an address that is not valid', () => {
    const { onSubmitEmail } = renderView();
    const field = screen.getByRole('textbox', { name: 'Email' });
    fireEvent.change(field, { target: { value: 'nora' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(screen.getByText(EMAIL_HINT)).toBeTruthy();
    expect(onSubmitEmail).not.toHaveBeenCalled();
  });

  it("offers 'OR' and both providers; the legal links are left to the layout's footer", () => {
    const { onProvider } = renderView();
    expect(screen.getByText('OR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(onProvider.mock.calls).toEqual([['google'], ['microsoft']]);
    expect(screen.queryByRole('link', { name: 'Terms of Service' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Privacy Policy' })).toBeNull();
  });

  it('offers only the providers the server can use; without any, no OR and no provider button', () => {
    renderView({ providers: ['microsoft'] });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeTruthy();
    cleanup();
    renderView({ providers: [] });
    expect(screen.queryByText('OR')).toBeNull();
    expect(screen.queryByRole('button', { name: /Google|Microsoft/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeTruthy();
  });

  it('shows the error and reports editing', () => {
    const { onEdit } = renderView({ errorMessage: 'Too many attempts. Please try again later' });
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again later');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'a' } });
    expect(onEdit).toHaveBeenCalled();
  });

  it("after the mail: 'Verify your email', the address, 'Send again.', then the resent note", () => {
    const { onResend } = renderView({ step: 'verify', email: 'nora@newco.test' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verify your email');
    expect(screen.getByText('nora@newco.test')).toBeTruthy();
    expect(screen.getByText('We have sent you a link to confirm your account')).toBeTruthy();
    expect(screen.getByText(/Haven't received a link\?/).textContent).toBe(
      "Haven't received a link? Send again.",
    );
    expect(screen.queryByText('We have resent you a confirmation link.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send again.' }));
    expect(onResend).toHaveBeenCalledOnce();
  });

  it('says when the link was resent', () => {
    renderView({ step: 'verify', email: 'a@b.test', resent: true });
    expect(screen.getByRole('status').textContent).toBe('We have resent you a confirmation link.');
  });
});

describe('WebLoginSuccessView', () => {
  it('names the plan, lists the benefits, the trial note and Continue', () => {
    const onContinue = vi.fn();
    render(
      <Providers env="test">
        <WebLoginSuccessView
          state="ready"
          benefits={['Shared inboxes', 'Advanced link settings']}
          onContinue={onContinue}
        />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your team is now on Spark Premium!');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Shared inboxes',
      'Advanced link settings',
    ]);
    expect(screen.getByText('Your free 14-day trial will start from the log in Spark.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it("shows 'Loading...' while logging in and 'Token is invalid' when refused", () => {
    const { rerender } = render(
      <Providers env="test">
        <WebLoginSuccessView state="loading" benefits={[]} onContinue={() => {}} />
      </Providers>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(
      <Providers env="test">
        <WebLoginSuccessView state="invalid" benefits={[]} onContinue={() => {}} />
      </Providers>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Token is invalid');
  });
});
