import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { TeamUser } from '@/domain/entities';
import { teamUserFixture } from '@/test/entity-fixtures';
import { MEMBER_LIST_MAX_HEIGHT, MEMBER_ROW_HEIGHT, MemberList } from './MemberList';
import type { MemberRowAction } from './member-row-action';

function member(id: number, extra: Partial<TeamUser> = {}): TeamUser {
  const fullName = `User ${String(id).padStart(4, '0')}`;
  return teamUserFixture({ id, email: `user${id}@big.test`, fullName, ...extra });
}

const noActions = () => [] as MemberRowAction[];

function renderList(members: TeamUser[], props: Partial<Parameters<typeof MemberList>[0]> = {}) {
  const onAction = vi.fn();
  const list = (shown: TeamUser[]) => (
    <Providers env="test">
      <MemberList
        members={shown}
        actionsFor={noActions}
        busyIds={new Set()}
        avatarSrc={() => null}
        onAction={onAction}
        {...props}
      />
    </Providers>
  );
  const { rerender } = render(list(members));
  /** The same list, now showing `shown` (a filter applied). */
  const show = (shown: TeamUser[]) => rerender(list(shown));
  return { onAction, show };
}

/** Scrolls the list's box to `top` px, as the browser does: the position, then its scroll event. */
function scrollBox(box: HTMLElement, top: number) {
  act(() => {
    box.scrollTop = top;
    fireEvent.scroll(box);
  });
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

  it('follows the scroll box: the rows around the scroll position, placed at their index', () => {
    const members = Array.from({ length: 5000 }, (_, index) => member(index + 1));
    renderList(members);
    const list = screen.getByRole('list', { name: 'Members' });
    const box = list.parentElement as HTMLElement;
    expect(list.style.height).toBe(`${5000 * MEMBER_ROW_HEIGHT}px`);

    scrollBox(box, 3000 * MEMBER_ROW_HEIGHT);
    const row = screen.getByRole('listitem', { name: 'User 3001' });
    expect(row.getAttribute('aria-posinset')).toBe('3001');
    expect(row.style.transform).toBe(`translateY(${3000 * MEMBER_ROW_HEIGHT}px)`);
    expect(screen.queryByRole('listitem', { name: 'User 0001' })).toBeNull();
    const inView = Math.ceil(MEMBER_LIST_MAX_HEIGHT / MEMBER_ROW_HEIGHT);
    expect(screen.getAllByRole('listitem').length).toBeLessThan(inView + 20);

    // The last row, scrolled to the end, is marked as the last (its border is the box's).
    scrollBox(box, 5000 * MEMBER_ROW_HEIGHT - MEMBER_LIST_MAX_HEIGHT);
    expect(screen.getByRole('listitem', { name: 'User 5000' }).hasAttribute('data-last')).toBe(true);
  });

  it('keeps the window within a list that shrinks while scrolled far down', () => {
    const members = Array.from({ length: 5000 }, (_, index) => member(index + 1));
    const { show } = renderList(members);
    const box = screen.getByRole('list', { name: 'Members' }).parentElement as HTMLElement;
    scrollBox(box, 4000 * MEMBER_ROW_HEIGHT);
    // A filter leaves three rows. The browser clamps the box's scroll as its content shrinks, with
    // no scroll event: the window holds its top row to the shorter list's last.
    box.scrollTop = 0;
    show(members.slice(0, 3));
    expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-posinset'))).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('starts a list that comes back after an empty filter at its top', () => {
    const members = Array.from({ length: 5000 }, (_, index) => member(index + 1));
    const { show } = renderList(members);
    const box = screen.getByRole('list', { name: 'Members' }).parentElement as HTMLElement;
    scrollBox(box, 3000 * MEMBER_ROW_HEIGHT);
    show([]);
    expect(screen.getByText('No one here')).toBeTruthy();
    // A new box, at its top: the rows at its top are there, not the ones the old box was scrolled to.
    show(members);
    expect(screen.getByRole('listitem', { name: 'User 0001' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'User 3001' })).toBeNull();
  });

  it('reads no layout while it mounts, so the first load lays the page out once', () => {
    // Reading a size or a scroll position while React commits makes the browser lay out the whole
    // page there and then, and a window set from it lays it out again (decision 036).
    const clientHeight = vi.spyOn(Element.prototype, 'clientHeight', 'get');
    const scrollTop = vi.spyOn(Element.prototype, 'scrollTop', 'get');
    try {
      renderList(Array.from({ length: 5000 }, (_, index) => member(index + 1)));
      renderList([member(1), member(2)]);
      expect(clientHeight).not.toHaveBeenCalled();
      expect(scrollTop).not.toHaveBeenCalled();
    } finally {
      clientHeight.mockRestore();
      scrollTop.mockRestore();
    }
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
