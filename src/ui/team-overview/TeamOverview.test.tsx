import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { TeamDetailsCard, trialEndsText } from '@/ui/team-overview/TeamDetailsCard';
import { TeamExitCard } from '@/ui/team-overview/TeamExitCard';
import { TeamExitDialog, type TeamExitDialogProps } from '@/ui/team-overview/TeamExitDialog';
import { TeamLogo } from '@/ui/team-overview/TeamLogo';
import { TeamNameEditor, type TeamNameEditorProps } from '@/ui/team-overview/TeamNameEditor';
import { TeamSettingsCard } from '@/ui/team-overview/TeamSettingsCard';

const renderInApp = (node: ReactNode) => render(<Providers env="test">{node}</Providers>);

describe('TeamDetailsCard', () => {
  const details = (props: Partial<Parameters<typeof TeamDetailsCard>[0]> = {}) => (
    <TeamDetailsCard
      logo={null}
      name={<h3>Acme Inc</h3>}
      planTitle="Basic"
      membersCount={1}
      trialDaysLeft={null}
      billingLink={null}
      {...props}
    />
  );

  it("words the countdown 'Trial ends in N days', singular for one", () => {
    expect(trialEndsText(9)).toBe('Trial ends in 9 days');
    expect(trialEndsText(0)).toBe('Trial ends in 0 days');
    expect(trialEndsText(1)).toBe('Trial ends in 1 day');
  });

  it('routes a plain click on the billing link in the app', () => {
    const onNavigate = vi.fn();
    renderInApp(details({ billingLink: { label: 'Upgrade', href: '/teams/3-7/billing' }, onNavigate }));
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(onNavigate).toHaveBeenCalledWith('/teams/3-7/billing');
  });

  it('shows no billing link to those who may not open billing', () => {
    renderInApp(details());
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('region', { name: 'Team details' }).textContent).toContain('Basic');
  });
});

describe('TeamNameEditor', () => {
  const renderEditor = (props: Partial<TeamNameEditorProps> = {}) => {
    const onRename = vi.fn();
    const onDismissError = vi.fn();
    renderInApp(
      <TeamNameEditor
        name="Acme Inc"
        editable
        error={null}
        refusedName={null}
        onRename={onRename}
        onDismissError={onDismissError}
        {...props}
      />,
    );
    return { onRename, onDismissError };
  };

  it('sends the trimmed new name and closes', () => {
    const { onRename } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Edit team name' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' Acme Corp ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onRename).toHaveBeenCalledWith('Acme Corp');
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
  });

  it('sends nothing for an unchanged name, nor on Escape', () => {
    const { onRename } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Edit team name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit team name' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(field, { target: { value: 'Other' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Acme Inc' })).toBeTruthy();
  });

  it("opens with the server's message and the refused name, and dismisses it on Cancel", () => {
    const { onDismissError } = renderEditor({ error: 'Name is too long', refusedName: 'A very long name' });
    const field = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(field.value).toBe('A very long name');
    expect(screen.getByText('Name is too long')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDismissError).toHaveBeenCalled();
  });

  it('is a plain heading for those who may not edit', () => {
    renderEditor({ editable: false });
    expect(screen.getByRole('heading', { name: 'Acme Inc' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('TeamLogo', () => {
  it('keeps the logo when the removal question is answered with Cancel', () => {
    const onRemove = vi.fn();
    renderInApp(
      <TeamLogo
        name="Acme Inc"
        logo="/api/v1/avatars/a1"
        editable
        error={null}
        onUpload={vi.fn()}
        onRemove={onRemove}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to delete avatar?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onRemove).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ties the file message to the upload button', () => {
    renderInApp(
      <TeamLogo
        name="Acme Inc"
        logo={null}
        editable
        error="PNG, JPG only"
        onUpload={vi.fn()}
        onRemove={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Upload logo' });
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'PNG, JPG only',
    );
    expect(screen.queryByRole('button', { name: 'Remove logo' })).toBeNull();
  });
});

describe('TeamSettingsCard', () => {
  const settings = { adminsCanAssignAdmins: true, adminsCanDeactivate: false, adminsCanDelete: false };

  it('reports the one switch that flipped', () => {
    const onSettingChange = vi.fn();
    renderInApp(
      <TeamSettingsCard
        signup={null}
        settings={settings}
        onSignupChange={vi.fn()}
        onSettingChange={onSettingChange}
      />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Manage user roles' }));
    expect(onSettingChange).toHaveBeenCalledWith('adminsCanAssignAdmins', false);
    fireEvent.click(screen.getByRole('switch', { name: 'Deactivate users' }));
    expect(onSettingChange).toHaveBeenLastCalledWith('adminsCanDeactivate', true);
  });

  it('reports the sign-up choice', () => {
    const onSignupChange = vi.fn();
    renderInApp(
      <TeamSettingsCard
        signup={{ domain: 'acme.test', enabled: false }}
        settings={null}
        onSignupChange={onSignupChange}
        onSettingChange={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Any email address from acme.test' }));
    expect(onSignupChange).toHaveBeenCalledWith(true);
    expect(screen.queryByRole('group', { name: 'Admins Can' })).toBeNull();
  });

  it('renders nothing when neither setting is shown', () => {
    renderInApp(
      <TeamSettingsCard signup={null} settings={null} onSignupChange={vi.fn()} onSettingChange={vi.fn()} />,
    );
    expect(document.querySelector('.mantine-Paper-root')).toBeNull();
  });
});

describe('TeamSettingsCard: Saved and the paid-plan line', () => {
  const settings = { adminsCanAssignAdmins: true, adminsCanDeactivate: false, adminsCanDelete: false };

  it("says 'Saved' in a live region beside the setting just confirmed, and only there", () => {
    renderInApp(
      <TeamSettingsCard
        signup={{ domain: 'acme.test', enabled: true }}
        settings={settings}
        saved="settings"
        onSignupChange={vi.fn()}
        onSettingChange={vi.fn()}
      />,
    );
    const admins = screen.getByRole('group', { name: 'Admins Can' });
    expect(within(admins).getByRole('status').textContent).toBe('Saved');
    const signup = screen.getByRole('radiogroup', { name: 'Team Signup' });
    expect(within(signup).getByRole('status').textContent).toBe('');
  });

  it('tells the basic-plan owner what a paid plan adds, with the Upgrade link', () => {
    const onNavigate = vi.fn();
    renderInApp(
      <TeamSettingsCard
        signup={null}
        settings={null}
        paidPlanNote={{
          text: 'Team Signup and Admins Can come with a paid plan.',
          upgradeHref: '/teams/2-5/billing',
        }}
        onNavigate={onNavigate}
        onSignupChange={vi.fn()}
        onSettingChange={vi.fn()}
      />,
    );
    expect(screen.getByText(/Team Signup and Admins Can come with a paid plan\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Upgrade' }));
    expect(onNavigate).toHaveBeenCalledWith('/teams/2-5/billing');
  });
});

describe('TeamExitCard and TeamExitDialog', () => {
  it('offers Delete (enabled without a reason) and no Leave to the owner', () => {
    const onDelete = vi.fn();
    renderInApp(
      <TeamExitCard
        canLeave={false}
        canDelete
        deleteBlockedReason={null}
        onLeave={vi.fn()}
        onDelete={onDelete}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete team' }));
    expect(onDelete).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Leave team' })).toBeNull();
  });

  const renderDialog = (props: Partial<TeamExitDialogProps> = {}) => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderInApp(
      <TeamExitDialog
        kind="leave"
        teamName="Acme Inc"
        busy={false}
        errorMessage={null}
        onConfirm={onConfirm}
        onCancel={onCancel}
        {...props}
      />,
    );
    return { onConfirm, onCancel };
  };

  it("says 'Team name is incorrect' under the field until the name is typed exactly", () => {
    const { onConfirm } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Leave team' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(within(dialog).getByText('Team name is incorrect')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Team name' }), {
      target: { value: 'Acme Inc' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason and holds Cancel while the call runs", () => {
    renderDialog({ kind: 'delete', busy: true, errorMessage: 'Not now' });
    const dialog = screen.getByRole('dialog', { name: 'Delete team' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Not now');
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is closed without a kind', () => {
    renderDialog({ kind: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
