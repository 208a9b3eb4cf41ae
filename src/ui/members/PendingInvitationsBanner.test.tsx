import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import {
  PendingInvitationsBanner,
  type PendingInvitationsBannerProps,
  RESENT_NOTE,
} from './PendingInvitationsBanner';

function renderBanner(props: Partial<PendingInvitationsBannerProps> = {}) {
  const onResendAll = vi.fn();
  const onCancelAll = vi.fn();
  render(
    <Providers env="test">
      <PendingInvitationsBanner
        count={2}
        resent={false}
        busy={false}
        canResend
        canCancel
        onResendAll={onResendAll}
        onCancelAll={onCancelAll}
        {...props}
      />
    </Providers>,
  );
  return { onResendAll, onCancelAll };
}

describe('PendingInvitationsBanner', () => {
  it('counts the pending invitations and offers Resend all and Cancel all', () => {
    const { onResendAll, onCancelAll } = renderBanner();
    expect(screen.getByText('2 invitations are pending')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(onResendAll).toHaveBeenCalledOnce();
    expect(onCancelAll).toHaveBeenCalledOnce();
  });

  it('holds Resend all back while the team is marked resent', () => {
    renderBanner({ count: 1, resent: true });
    expect(screen.getByText('1 invitation is pending')).toBeTruthy();
    expect(screen.getByText(RESENT_NOTE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend all' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel all' })).toBeTruthy();
  });

  it('says in a status who the last Resend all could not mail', () => {
    const note = 'Not resent: often@example.test (too many invitations, try again later)';
    renderBanner({ heldBackNote: note });
    expect(screen.getByRole('status').textContent).toBe(note);
  });

  it('shows nothing without pending invitations, and only what the user may do', () => {
    render(
      <Providers env="test">
        <PendingInvitationsBanner
          count={0}
          resent={false}
          busy={false}
          canResend
          canCancel
          onResendAll={() => {}}
          onCancelAll={() => {}}
        />
      </Providers>,
    );
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    renderBanner({ canResend: false, canCancel: false });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
