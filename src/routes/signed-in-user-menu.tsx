// The signed-in person's menu as the home page and the team area show it: their email, the profile,
// the colour scheme and 'Log out', wired to the console's routes and session.
import { useNavigate } from 'react-router';
import { pathTo } from '@/routes/route-table';
import { useColorSchemeToggle } from '@/routes/use-color-scheme-toggle';
import { useLogout } from '@/routes/use-logout';
import { UserMenu } from '@/ui/UserMenu';

/** `email`: who is signed in, null until the profile says. */
export function SignedInUserMenu({ email }: { email: string | null }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const colorSchemeToggle = useColorSchemeToggle();
  return (
    <UserMenu
      email={email}
      profileHref={pathTo('profile')}
      onNavigate={(href) => navigate(href)}
      onLogout={logout}
      {...colorSchemeToggle}
    />
  );
}
