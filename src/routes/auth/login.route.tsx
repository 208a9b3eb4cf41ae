// /login (spec section 2): with a token it logs in, then goes to the team's overview, or its
// billing with redirectTo=billing; without team_id and user_id it goes home, carrying goto.
// Without a token it is the session-expired page.
import { useNavigate, useSearchParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { SessionExpiredPage } from '@/routes/auth/session-expired.route';
import { useTokenLogin } from '@/routes/auth/use-token-login';
import { pathAfterLogin } from '@/routes/login-redirect';
import { pathTo } from '@/routes/route-table';
import { AuthView } from '@/ui/AuthView';

function TokenLogin({ params }: { params: URLSearchParams }) {
  const { session } = useServices();
  const navigate = useNavigate();
  const outcome = useTokenLogin(params.get('token'), () =>
    navigate(pathAfterLogin(params), { replace: true }),
  );
  return (
    <AuthView
      state={outcome === 'invalid' ? 'invalid' : outcome === 'loggedOut' ? 'loggedOut' : 'loading'}
      deepLinkHref={links.appDeepLink}
      onLogout={() => session.send({ type: 'session.logout' })}
      onSubmitToken={(token) => navigate(pathTo('auth', undefined, { token, goto: params.get('goto') }))}
    />
  );
}

export function LoginPage() {
  const [params] = useSearchParams();
  return params.has('token') ? <TokenLogin params={params} /> : <SessionExpiredPage />;
}
