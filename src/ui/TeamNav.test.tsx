import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { Role, TeamPlan } from '@/domain/entities';
import { type TeamRouteName, teamNav } from '@/domain/permissions';
import { TeamNav } from '@/ui/TeamNav';

const PATHS: Record<TeamRouteName, string> = {
  'team-users': '/teams/1-11/users',
  'team-overview': '/teams/1-11/overview',
  'team-billing': '/teams/1-11/billing',
  'team-contact-us': '/teams/1-11/contact-us',
};

function renderNav(role: Role, plan: TeamPlan, activeRoute: TeamRouteName | null = 'team-overview') {
  const onNavigate = vi.fn();
  render(
    <Providers env="test">
      <TeamNav
        entries={teamNav(role, plan)}
        activeRoute={activeRoute}
        hrefFor={(route) => PATHS[route]}
        onNavigate={onNavigate}
      />
    </Providers>,
  );
  const nav = screen.getByRole('navigation', { name: 'Team' });
  const links = within(nav).getAllByRole('link');
  return { onNavigate, links, labels: links.map((link) => link.textContent) };
}

describe('TeamNav', () => {
  it('gives a member Members and Overview', () => {
    const { labels, links } = renderNav('member', 'premium');
    expect(labels).toEqual(['Members', 'Overview']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/teams/1-11/users',
      '/teams/1-11/overview',
    ]);
  });

  it("gives an owner on a non-basic plan Billing and 'Talk to Customer Success'", () => {
    const { labels, links } = renderNav('owner', 'plus');
    expect(labels).toEqual(['Members', 'Overview', 'Billing', 'Talk to Customer Success']);
    expect(links[2]?.getAttribute('href')).toBe('/teams/1-11/billing');
    expect(links[3]?.getAttribute('href')).toBe('/teams/1-11/contact-us');
  });

  it("gives an owner on the basic plan Upgrade (to billing) and 'Talk to Sales'", () => {
    const { labels } = renderNav('owner', 'basic');
    expect(labels).toEqual(['Members', 'Overview', 'Upgrade', 'Talk to Sales']);
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/teams/1-11/billing');
  });

  it('marks only the active entry as the current page', () => {
    renderNav('owner', 'premium', 'team-billing');
    const current = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Billing']);
  });

  it('marks nothing when the page is none of the entries', () => {
    const { links } = renderNav('member', 'basic', 'team-billing');
    expect(links.some((link) => link.hasAttribute('aria-current'))).toBe(false);
  });

  it('routes a plain click through onNavigate and leaves a modified click to the browser', () => {
    const { onNavigate } = renderNav('member', 'premium');
    fireEvent.click(screen.getByRole('link', { name: 'Members' }));
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('/teams/1-11/users');
    fireEvent.click(screen.getByRole('link', { name: 'Overview' }), { metaKey: true });
    expect(onNavigate).toHaveBeenCalledOnce();
  });
});

describe('TeamNav, pending (the team frame before the membership is known)', () => {
  it('shows the entries in their places as plain text, marked disabled, with no link to follow', () => {
    const onNavigate = vi.fn();
    render(
      <Providers env="test">
        <TeamNav
          entries={[
            { key: 'members', label: 'Members', route: 'team-users' },
            { key: 'overview', label: 'Overview', route: 'team-overview' },
          ]}
          activeRoute="team-overview"
          hrefFor={(route) => `/teams/1-2/${route}`}
          onNavigate={onNavigate}
          pending
        />
      </Providers>,
    );
    const nav = screen.getByRole('navigation', { name: 'Team' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    const overview = within(nav).getByText('Overview');
    expect(overview.getAttribute('aria-disabled')).toBe('true');
    expect(overview.getAttribute('aria-current')).toBe('page');
    fireEvent.click(overview);
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
