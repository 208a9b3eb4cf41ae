import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { HomeView } from '@/ui/HomeView';
import { UserMenu } from '@/ui/UserMenu';

describe('UserMenu', () => {
  it('shows who is signed in, links the profile and logs out', async () => {
    const onLogout = vi.fn();
    const onNavigate = vi.fn();
    render(
      <Providers env="test">
        <UserMenu
          email="mia@acme.test"
          profileHref="/profile"
          onNavigate={onNavigate}
          onLogout={onLogout}
          colorScheme="light"
          onToggleColorScheme={vi.fn()}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Account/ }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('mia@acme.test');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(onNavigate).toHaveBeenCalledWith('/profile');
    fireEvent.click(screen.getByRole('button', { name: /^Account/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});

describe('UserMenu colour scheme', () => {
  it('offers the other scheme than the one shown', async () => {
    const onToggle = vi.fn();
    const menu = (colorScheme: 'light' | 'dark') => (
      <Providers env="test">
        <UserMenu
          email="mia@acme.test"
          profileHref="/profile"
          onLogout={vi.fn()}
          colorScheme={colorScheme}
          onToggleColorScheme={onToggle}
        />
      </Providers>
    );
    const { rerender } = render(menu('light'));
    fireEvent.click(screen.getByRole('button', { name: /^Account/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Switch to dark mode' }));
    expect(onToggle).toHaveBeenCalledTimes(1);
    rerender(menu('dark'));
    fireEvent.click(screen.getByRole('button', { name: /^Account/ }));
    expect(await screen.findByRole('menuitem', { name: 'Switch to light mode' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Switch to dark mode' })).toBeNull();
  });
});

describe('HomeView without a team', () => {
  it('offers a new team through the web sign-up and the profile', () => {
    const onNavigate = vi.fn();
    render(
      <Providers env="test">
        <HomeView
          selector={<p>No teams available</p>}
          error={null}
          onRetry={vi.fn()}
          noTeams={{ profileHref: '/profile', createTeamHref: '/web-login' }}
          onNavigate={onNavigate}
        />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Create a team' }));
    expect(onNavigate).toHaveBeenCalledWith('/web-login');
    expect(screen.getByRole('link', { name: 'Your profile and plan' }).getAttribute('href')).toBe('/profile');
  });
});

describe('HomeView for staff', () => {
  const home = (staffPages: { uploadHref: string; eventStreamHref: string } | null, onNavigate = vi.fn()) =>
    render(
      <Providers env="test">
        <HomeView
          selector={<p>No teams available</p>}
          error={null}
          onRetry={vi.fn()}
          noTeams={{ profileHref: '/profile', createTeamHref: '/web-login' }}
          staffPages={staffPages}
          onNavigate={onNavigate}
        />
      </Providers>,
    );

  it('links the internal pages for staff', () => {
    const onNavigate = vi.fn();
    home({ uploadHref: '/public-files/upload', eventStreamHref: '/debug-es' }, onNavigate);
    const nav = screen.getByRole('navigation', { name: 'Staff pages' });
    expect(nav).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Upload a public file' }));
    expect(onNavigate).toHaveBeenCalledWith('/public-files/upload');
    expect(screen.getByRole('link', { name: 'Event stream' }).getAttribute('href')).toBe('/debug-es');
  });

  it('shows no staff pages to anyone else', () => {
    home(null);
    expect(screen.queryByRole('navigation', { name: 'Staff pages' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Event stream' })).toBeNull();
  });
});
