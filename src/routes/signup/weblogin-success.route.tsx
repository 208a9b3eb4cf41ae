// /teams/{tid}-{uid}/weblogin-success?token= (spec section 2): back from the sign-up's checkout. Logs
// in with the one-time token (as /auth does), then says the team is on Premium; Continue goes to the
// team's overview. Once used, the token leaves the address bar, replacing the history entry, as
// /login and /auth do: no address the browser keeps holds it.
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { PREMIUM_BENEFITS } from '@/domain/web-signup';
import { useTokenLogin } from '@/routes/auth/use-token-login';
import { pathTo } from '@/routes/route-table';
import { WebLoginSuccessView } from '@/ui/WebLoginSuccessView';

export function WebLoginSuccessPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const teamUser = parseTeamUserRef(useParams().teamUser ?? '');
  const [loggedIn, setLoggedIn] = useState(false);
  const outcome = useTokenLogin(query.get('token'), () => {
    setLoggedIn(true);
    navigate(pathname, { replace: true });
  });
  // On success the hook reports nothing more (onLoggedIn runs instead), so the page remembers it.
  const state = loggedIn
    ? 'ready'
    : outcome === 'pending'
      ? 'loading'
      : outcome === 'invalid'
        ? 'invalid'
        : 'ready';
  return (
    <WebLoginSuccessView
      state={state}
      benefits={PREMIUM_BENEFITS}
      onContinue={() => navigate(teamUser ? pathTo('team-overview', teamUser) : pathTo('home'))}
    />
  );
}
