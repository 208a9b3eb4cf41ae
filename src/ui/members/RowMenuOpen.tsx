import { Menu } from '@mantine/core';
import type { PopupProps } from '@/ui/lazy-popup';
import { useMenuOpenedOnMount } from '@/ui/use-menu-opened-on-mount';
import { DESTRUCTIVE_ROW_ACTIONS, MEMBER_ROW_ACTION_LABELS, type RowMenuProps } from './member-row-action';
import classes from './RowMenuOpen.module.css';

/**
 * A member row's menu once first opened (loaded then, see lazyPopup in lazy-view.tsx): Mantine's Menu around the
 * same button, which takes the focus and opens on mounting.
 */
export function RowMenuOpen({ actions, onPick, trigger }: PopupProps<RowMenuProps>) {
  const { opened, setOpened, targetRef } = useMenuOpenedOnMount();
  return (
    <Menu
      position="bottom-end"
      opened={opened}
      onChange={setOpened}
      withinPortal
      // Into the page's main landmark rather than the end of body, where axe finds content outside
      // every landmark; still out of the member list's scroller, so the menu is never clipped.
      portalProps={{ target: 'main' }}
      returnFocus
    >
      <Menu.Target>{trigger({ ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            className={classes.item}
            // Red 9: Mantine's default red 6 for a menu item is 3.3:1 on white.
            color={DESTRUCTIVE_ROW_ACTIONS.has(action) ? 'red.9' : undefined}
            onClick={() => {
              // Focus is back on the row's button before the pick may open a dialog, which then
              // returns it there on close (not to this item, gone by then).
              targetRef.current?.focus();
              onPick(action);
            }}
          >
            {MEMBER_ROW_ACTION_LABELS[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
