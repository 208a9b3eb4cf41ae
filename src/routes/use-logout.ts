// 'Log out' from the user menu (spec section 4): the session clears its tokens (and the stored
// session, which other tabs follow, see useFollowLogout), then the sign-in page.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '@/app/services-context';
import { pathTo } from '@/routes/route-table';

export function useLogout(): () => void {
  const { session } = useServices();
  const navigate = useNavigate();
  return useCallback(() => {
    session.send({ type: 'session.logout' });
    navigate(pathTo('login'), { replace: true });
  }, [session, navigate]);
}
