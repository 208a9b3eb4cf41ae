import { Menu, Text } from '@mantine/core';
import type { PopupProps } from '@/ui/lazy-popup';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import { useMenuOpenedOnMount } from '@/ui/use-menu-opened-on-mount';
import classes from './UserMenuOpen.module.css';

// The entries and the props live here, below UserMenu.tsx, which loads this module on the first open.
const LOG_OUT_LABEL = 'Log out';
const PROFILE_LABEL = 'Profile';
const DARK_MODE_LABEL = 'Switch to dark mode';
const LIGHT_MODE_LABEL = 'Switch to light mode';

export interface UserMenuProps {
  /** The signed-in account's email; null while it loads. */
  email: string | null;
  profileHref: string;
  onNavigate?: NavigateHandler;
  onLogout: () => void;
  /** The scheme shown now; the menu offers the other one. */
  colorScheme: 'light' | 'dark';
  onToggleColorScheme: () => void;
}

/**
 * The user menu once first opened (loaded then, see lazyPopup in lazy-view.tsx): Mantine's Menu
 * around the same button, which takes the focus and opens on mounting.
 */
export function UserMenuOpen({
  email,
  profileHref,
  onNavigate,
  onLogout,
  colorScheme,
  onToggleColorScheme,
  trigger,
}: PopupProps<UserMenuProps>) {
  const { opened, setOpened, targetRef } = useMenuOpenedOnMount();
  // Not in a portal: the menu stays inside the header's banner landmark (axe 'region').
  return (
    <Menu
      position="bottom-end"
      width={260}
      withinPortal={false}
      opened={opened}
      onChange={setOpened}
      returnFocus
    >
      <Menu.Target>{trigger({ ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        {email && (
          <Menu.Label>
            <Text size="xs" c="dimmed">
              Signed in as
            </Text>
            <Text size="sm" c="var(--mantine-color-text)" truncate>
              {email}
            </Text>
          </Menu.Label>
        )}
        <Menu.Item
          component="a"
          href={profileHref}
          className={classes.item}
          onClick={linkClick(profileHref, onNavigate)}
        >
          {PROFILE_LABEL}
        </Menu.Item>
        <Menu.Item className={classes.item} onClick={onToggleColorScheme}>
          {colorScheme === 'dark' ? LIGHT_MODE_LABEL : DARK_MODE_LABEL}
        </Menu.Item>
        <Menu.Item className={classes.item} onClick={onLogout}>
          {LOG_OUT_LABEL}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
