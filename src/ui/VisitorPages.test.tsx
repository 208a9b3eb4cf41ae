import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { BackToAppView } from '@/ui/BackToAppView';
import { EventStreamView } from '@/ui/EventStreamView';
import { InvitationView } from '@/ui/InvitationView';

const inProviders = (node: ReactNode) => render(<Providers env="test">{node}</Providers>);

describe('InvitationView', () => {
  it.each([
    ['accepting', 'Accepting invitation...'],
    ['accepted', 'Invitation accepted. Welcome to the "Acme Inc" team.'],
    ['notFound', 'Invitation link is expired or invalid.'],
  ] as const)('%s: %s', (status, text) => {
    inProviders(<InvitationView status={status} teamName="Acme Inc" />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('failed: unknown error and the way back', () => {
    inProviders(<InvitationView status="failed" teamName={null} />);
    expect(screen.getByText('Unknown error.')).toBeTruthy();
    expect(screen.getByText('Please return to Spark manually.')).toBeTruthy();
  });
});

describe('BackToAppView', () => {
  it.each([
    ['loading', 'Loading, please wait...'],
    ['redirecting', 'Redirecting back to Spark...'],
    ['invalid', 'Redirect key is invalid.'],
    ['failed', 'Unknown error.'],
  ] as const)('%s: %s', (status, text) => {
    inProviders(<BackToAppView status={status} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('EventStreamView', () => {
  it('lists events newest first with expandable data, and reports choices', () => {
    const onStreamChange = vi.fn();
    const onLookbehindChange = vi.fn();
    inProviders(
      <EventStreamView
        streams={[
          { value: 'global', label: 'Global' },
          { value: '1-2', label: 'Acme Inc (olivia@acme.test)' },
        ]}
        stream="global"
        lookbehindOptions={[1, 5, 60]}
        lookbehindMinutes={5}
        events={[
          { id: Date.UTC(2026, 0, 1), type: 'user.invited', data: { a: 1 } },
          { id: Date.UTC(2026, 0, 2), type: 'team.renamed', data: { to: 'New name' } },
        ]}
        status="live"
        onStreamChange={onStreamChange}
        onLookbehindChange={onLookbehindChange}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('2026-01-02T00:00:00.000Zteam.renamed{"to":"New name"}'),
      expect.stringContaining('2026-01-01T00:00:00.000Zuser.invited'),
    ]);
    fireEvent.change(screen.getByLabelText('Stream'), { target: { value: '1-2' } });
    expect(onStreamChange).toHaveBeenCalledWith('1-2');
    fireEvent.change(screen.getByLabelText('Lookbehind (minutes)'), { target: { value: '60' } });
    expect(onLookbehindChange).toHaveBeenCalledWith(60);
  });
});
