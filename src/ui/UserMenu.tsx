import { Menu, Text, UnstyledButton } from '@mantine/core';
import { Avatar } from '@/ui/Avatar';
import { linkClick, type NavigateHandler } from '@/ui/link-click';
import classes from './UserMenu.module.css';

export const LOG_OUT_LABEL = 'Log out';
export const PROFILE_LABEL = 'Profile';
export const DARK_MODE_LABEL = 'Switch to dark mode';
export const LIGHT_MODE_LABEL = 'Switch to light mode';

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
 * Who is signed in, their profile, the light or dark scheme, and 'Log out' (spec section 4, logout),
 * at the header's end.
 */
export function UserMenu({
  email,
  profileHref,
  onNavigate,
  onLogout,
  colorScheme,
  onToggleColorScheme,
}: UserMenuProps) {
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.target} aria-label={email ? `Account ${email}` : 'Account'}>
          <span aria-hidden>
            <Avatar name={email ?? '?'} src={null} size={32} />
          </span>
          {email && (
            <Text size="sm" className={classes.email} truncate>
              {email}
            </Text>
          )}
        </UnstyledButton>
      </Menu.Target>
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
