// /login (spec section 2): with a token it logs in, then goes to the team's overview, or its
// billing with redirectTo=billing; without team_id and user_id it goes home, carrying goto.
// Without a token it is the session-expired page.
import { useNavigate, useSearchParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { parseTeamUserRef } from '@/domain/team-user-ref';
import { SessionExpiredPage } from '@/routes/auth/session-expired.route';
import { useTokenLogin } from '@/routes/auth/use-token-login';
import { pathTo } from '@/routes/route-table';
import { AuthView } from '@/ui/AuthView';

/** Where /login continues once the token is accepted. */
export function pathAfterLogin(params: URLSearchParams): string {
  const toBilling = params.get('redirectTo') === 'billing';
  const ref = parseTeamUserRef(`${params.get('team_id') ?? ''}-${params.get('user_id') ?? ''}`);
  if (ref) return pathTo(toBilling ? 'team-billing' : 'team-overview', ref);
  return pathTo('home', undefined, { goto: toBilling ? 'team-billing' : params.get('goto') });
}

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
