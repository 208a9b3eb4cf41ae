import { Text, UnstyledButton } from '@mantine/core';
import type { ComponentPropsWithoutRef, Ref } from 'react';
import { Avatar } from '@/ui/Avatar';
import { lazyPopup } from '@/ui/lazy-popup';
import classes from './UserMenu.module.css';
import type { UserMenuProps } from './UserMenuOpen';

interface UserMenuButtonProps extends ComponentPropsWithoutRef<'button'> {
  email: string | null;
  ref?: Ref<HTMLButtonElement> | undefined;
}

/** The menu's button: the avatar and, but on a phone, the email (disabled: the frame's, before it works). */
export function UserMenuButton({ email, ref, ...rest }: UserMenuButtonProps) {
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
