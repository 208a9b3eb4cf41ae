import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { TeamLayout, type TeamLayoutState } from '@/ui/TeamLayout';

function layout(
  state: TeamLayoutState,
  onBackNavigate?: (href: string) => void,
  placeholder?: ReactNode,
): ReactNode {
  return (
    <Providers env="test">
      <TeamLayout
        state={state}
        backHref="/"
        onBackNavigate={onBackNavigate}
        headerEnd={<button type="button">Selector slot</button>}
        nav={<nav aria-label="Team">Nav slot</nav>}
        placeholder={placeholder}
        termsHref="https://example.test/terms"
        privacyHref="https://example.test/privacy"
        year={2031}
      >
        <p>Team page</p>
      </TeamLayout>
    </Providers>
  );
}

describe('TeamLayout', () => {
  it('frames a ready team page: back link, selector, heading, nav, content and footer', () => {
    render(layout('ready'));
    expect(screen.getByRole('link', { name: 'Back to Spark' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Selector slot' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Team Preferences' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Team' })).toBeTruthy();
    expect(screen.getByText('Team page')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://example.test/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.test/privacy',
    );
    expect(screen.getByText('© 2031 Spark')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it("while loading, shows the nav's place and 'Loading' where the page will be, never the page", () => {
    render(layout('loading'));
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.getByRole('heading', { name: 'Team Preferences' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Selector slot' })).toBeTruthy();
    // The caller's nav for the loading state (the entries everyone has, not links yet).
    expect(screen.getByText('Nav slot')).toBeTruthy();
    expect(screen.queryByText('Team page')).toBeNull();
  });

  it("while loading, shows the page's start in place of 'Loading' alone, never the page", () => {
    render(layout('loading', undefined, <p>Page placeholder</p>));
    expect(screen.getByText('Page placeholder')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText('Team page')).toBeNull();
  });

  it('drops the placeholder once the page is ready', () => {
    render(layout('ready', undefined, <p>Page placeholder</p>));
    expect(screen.queryByText('Page placeholder')).toBeNull();
    expect(screen.getByText('Team page')).toBeTruthy();
  });

  it("says 'You are not a member of this team' without a membership", () => {
    render(layout('notMember'));
    expect(screen.getByText('You are not a member of this team')).toBeTruthy();
    expect(screen.queryByText('Nav slot')).toBeNull();
    expect(screen.queryByText('Team page')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('switches from loading to the page when the state changes', () => {
    const { rerender } = render(layout('loading'));
    rerender(layout('ready'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Team page')).toBeTruthy();
  });

  it("routes a plain click on 'Back to Spark' through onBackNavigate", () => {
    const onBackNavigate = vi.fn();
    render(layout('ready', onBackNavigate));
    fireEvent.click(screen.getByRole('link', { name: 'Back to Spark' }));
    expect(onBackNavigate).toHaveBeenCalledExactlyOnceWith('/');
  });
});
