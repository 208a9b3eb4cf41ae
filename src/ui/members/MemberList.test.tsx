import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { TeamUser } from '@/domain/entities';
import { teamUserFixture } from '@/domain/entity-fixtures';
import { MEMBER_LIST_MAX_HEIGHT, MEMBER_ROW_HEIGHT, MemberList } from './MemberList';
import type { MemberRowAction } from './member-row-action';

function member(id: number, extra: Partial<TeamUser> = {}): TeamUser {
  const fullName = `User ${String(id).padStart(4, '0')}`;
  return teamUserFixture({ id, email: `user${id}@big.test`, fullName, ...extra });
}

const noActions = () => [] as MemberRowAction[];

function renderList(members: TeamUser[], props: Partial<Parameters<typeof MemberList>[0]> = {}) {
  const onAction = vi.fn();
  render(
    <Providers env="test">
      <MemberList
        members={members}
        actionsFor={noActions}
        busyIds={new Set()}
        avatarSrc={() => null}
        onAction={onAction}
        {...props}
      />
    </Providers>,
  );
  return { onAction };
}

describe('MemberList', () => {
  it('puts only the rows in view (and a few more) into the DOM for 5,000 members', () => {
    const members = Array.from({ length: 5000 }, (_, index) => member(index + 1));
    renderList(members);
    const items = screen.getAllByRole('listitem');
    const inView = Math.ceil(MEMBER_LIST_MAX_HEIGHT / MEMBER_ROW_HEIGHT);
    expect(items.length).toBeGreaterThanOrEqual(inView);
    expect(items.length).toBeLessThan(inView + 20);
    expect(items[0]?.getAttribute('aria-setsize')).toBe('5000');
    expect(screen.getByRole('listitem', { name: 'User 0001' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'User 5000' })).toBeNull();
  });

  it('sizes its box to short lists', () => {
    renderList([member(1), member(2)]);
    const box = screen.getByRole('list', { name: 'Members' }).parentElement as HTMLElement;
    expect(box.style.height).toBe(`${2 * MEMBER_ROW_HEIGHT}px`);
  });

  it('names the email under the name, and the invitee without a name by the email once', () => {
    renderList([member(1), member(2, { fullName: '', email: 'paula@acme.test', teamStatus: 'pending' })]);
    const row = screen.getByRole('listitem', { name: 'User 0001' });
    expect(within(row).getByText('user1@big.test')).toBeTruthy();
    const invitee = screen.getByRole('listitem', { name: 'paula@acme.test' });
    expect(within(invitee).getAllByText('paula@acme.test')).toHaveLength(1);
    expect(within(invitee).getByText('Pending')).toBeTruthy();
  });

  it('offers the given actions in a menu and reports the one picked', async () => {
    const mia = member(3, { fullName: 'Mia Member' });
    const { onAction } = renderList([mia], { actionsFor: () => ['makeAdmin', 'deactivate', 'delete'] });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Mia Member' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    expect(onAction).toHaveBeenCalledWith(mia, 'deactivate');
  });

  it('waits on a row whose action is on its way', () => {
    renderList([member(3, { fullName: 'Mia Member' })], {
      actionsFor: () => ['makeAdmin'],
      busyIds: new Set([3]),
    });
    expect(screen.queryByRole('button', { name: 'Actions for Mia Member' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Saving Mia Member' })).toBeTruthy();
  });

  it('says so when nobody matches', () => {
    renderList([], { emptyText: 'No one matches this filter' });
    expect(screen.getByText('No one matches this filter')).toBeTruthy();
  });
});
