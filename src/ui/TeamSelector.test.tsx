import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { TeamMembership } from '@/domain/entities';
import { SELECTABLE_MEMBERSHIPS } from '@/ui/memberships.fixture';
import type { TeamRef } from '@/ui/TeamLabel';
import { TeamSelector } from '@/ui/TeamSelector';

interface Options {
  memberships?: TeamMembership[];
  current?: TeamRef | null;
  loading?: boolean;
  expanded?: boolean;
  signedInEmail?: string | null;
}

function renderSelector({
  memberships = SELECTABLE_MEMBERSHIPS,
  current = null,
  loading = false,
  expanded,
  signedInEmail = null,
}: Options) {
  const onSelect = vi.fn();
  render(
    <Providers env="test">
      <TeamSelector
        memberships={memberships}
        current={current}
        loading={loading}
        expanded={expanded}
        signedInEmail={signedInEmail}
        onSelect={onSelect}
      />
    </Providers>,
  );
  return onSelect;
}

const accessibleDescription = (element: HTMLElement) =>
  document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

describe('TeamSelector, expanded (home page)', () => {
  it('lists the teams in the given order with logo, name and email', () => {
    renderSelector({ expanded: true });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Acme Inc',
      'Basic Bakery',
      'Trial Tech',
    ]);
    const acme = screen.getByRole('button', { name: 'Acme Inc' });
    expect(accessibleDescription(acme)).toBe('olivia@acme.test');
    expect(within(acme).getByText('Acme Inc')).toBeTruthy();
    expect(acme.querySelector('img')?.getAttribute('src')).toBe('/api/v1/logos/acme');
    // No logo: the team name's initials.
    expect(
      screen.getByRole('button', { name: 'Basic Bakery' }).querySelector('[data-initials="BB"]'),
    ).toBeTruthy();
  });

  it('reports the chosen team and user', () => {
    const onSelect = renderSelector({ expanded: true });
    fireEvent.click(screen.getByRole('button', { name: 'Trial Tech' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(3, 31);
  });

  it('marks the current team', () => {
    renderSelector({ expanded: true, current: { teamId: 2, userId: 21 } });
    expect(screen.getByRole('button', { name: 'Basic Bakery' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('button', { name: 'Acme Inc' }).hasAttribute('aria-current')).toBe(false);
  });

  it("shows 'Loading...' while loading", () => {
    renderSelector({ expanded: true, loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows 'No teams available' when there are none", () => {
    renderSelector({ expanded: true, memberships: [] });
    expect(screen.getByText('No teams available')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('TeamSelector, dropdown (team area)', () => {
  it("reads 'Select team' when none is current and lists the teams when opened", async () => {
    const onSelect = renderSelector({});
    const target = screen.getByRole('button', { name: 'Select team' });
    expect(screen.queryByRole('option')).toBeNull();
    // A plain button until the first open (the Combobox module loads then), announcing its list.
    expect(target.getAttribute('aria-haspopup')).toBe('listbox');
    expect(target.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(target);
    expect((await screen.findAllByRole('option')).map((option) => option.getAttribute('aria-label'))).toEqual(
      ['Acme Inc', 'Basic Bakery', 'Trial Tech'],
    );
    expect(accessibleDescription(screen.getByRole('option', { name: 'Basic Bakery' }))).toBe(
      'olivia@bakery.test',
    );
    fireEvent.click(screen.getByRole('option', { name: 'Basic Bakery' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(2, 21);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows the current team with its email and marks its option', async () => {
    renderSelector({ current: { teamId: 1, userId: 11 } });
    const target = screen.getByRole('button', { name: /Acme Inc/ });
    expect(within(target).getByText('olivia@acme.test')).toBeTruthy();
    expect(screen.queryByText('Select team')).toBeNull();
    fireEvent.click(target);
    expect((await screen.findByRole('option', { name: 'Acme Inc' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    // The opened dropdown's button has the focus (closing returns it there) and says it is open.
    const opened = screen.getByRole('button', { name: /Acme Inc/ });
    expect(document.activeElement).toBe(opened);
    expect(opened.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('option', { name: 'Trial Tech' }).getAttribute('aria-selected')).toBe('false');
  });

  it("reads 'Select team' when the current team is not among the memberships", () => {
    renderSelector({ current: { teamId: 1, userId: 99 } });
    expect(screen.getByRole('button', { name: 'Select team' })).toBeTruthy();
  });

  it("reads 'Loading...' and stays shut while loading", () => {
    renderSelector({ loading: true, current: { teamId: 1, userId: 11 } });
    const target = screen.getByRole('button', { name: 'Loading...' });
    expect((target as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(target);
    expect(screen.queryByRole('option')).toBeNull();
  });

  it("offers 'No teams available' when the list is empty", async () => {
    const onSelect = renderSelector({ memberships: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Select team' }));
    expect(await screen.findByText('No teams available')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('TeamSelector and the signed-in email', () => {
  it("names a membership's email only where it differs from the signed-in one", () => {
    renderSelector({ expanded: true, signedInEmail: 'Olivia@Acme.test' });
    const acme = screen.getByRole('button', { name: 'Acme Inc' });
    expect(acme.getAttribute('aria-describedby')).toBeNull();
    expect(within(acme).queryByText('olivia@acme.test')).toBeNull();
    const trial = screen.getByRole('button', { name: 'Trial Tech' });
    expect(accessibleDescription(trial)).toBe('olivia@trial.test');
  });
});
