import { Text, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Avatar } from '@/ui/Avatar';
import { lazyPopup } from '@/ui/lazy-view';
import type { NavigateHandler } from '@/ui/link-click';
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

interface UserMenuButtonProps extends ComponentPropsWithoutRef<'button'> {
  email: string | null;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** The menu's button: the avatar and, but on a phone, the email. */
function UserMenuButton({ email, ref, ...rest }: UserMenuButtonProps) {
  return (
    <UnstyledButton
      ref={ref}
      className={classes.target}
      aria-label={email ? `Account ${email}` : 'Account'}
      {...rest}
    >
      <span aria-hidden>
        <Avatar name={email ?? '?'} src={null} size={32} />
      </span>
      {email && (
        <Text size="sm" className={classes.email} truncate>
          {email}
        </Text>
      )}
    </UnstyledButton>
  );
}

// Mantine's Menu loads on the first open (lazyPopup): a first paint shows the button alone.
const UserMenuPopup = lazyPopup<UserMenuProps>(
  () => import('./UserMenuOpen').then((module) => module.UserMenuOpen),
  'menu',
);

/**
 * Who is signed in, their profile, the light or dark scheme, and 'Log out' (spec section 4, logout),
 * at the header's end.
 */
export function UserMenu(props: UserMenuProps) {
  return (
    <UserMenuPopup {...props} trigger={(button) => <UserMenuButton email={props.email} {...button} />} />
  );
}

/** Loads the menu ahead of the first open (tests). */
export const preloadUserMenu = UserMenuPopup.preload;
