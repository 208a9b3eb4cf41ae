// /auth (spec section 2): logs in with the `token` query value and goes to `goto` (a path of this
// console) or home; shows 'Token is invalid' when the token is refused.
import { useNavigate, useSearchParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { useSessionViewState } from '@/routes/auth/session-view-state';
import { useTokenLogin } from '@/routes/auth/use-token-login';
import { afterLoginPath } from '@/routes/login-redirect';
import { pathTo } from '@/routes/route-table';
import { AuthView } from '@/ui/AuthView';

export function AuthPage() {
  const { session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goto = params.get('goto');
  const outcome = useTokenLogin(params.get('token'), () => navigate(afterLoginPath(goto), { replace: true }));
  const sessionState = useSessionViewState();
  const state = outcome === 'pending' ? 'loading' : outcome === 'invalid' ? 'invalid' : sessionState;
  return (
    <AuthView
      state={state}
      deepLinkHref={links.appDeepLink}
      onLogout={() => session.send({ type: 'session.logout' })}
      onSubmitToken={(token) => navigate(pathTo('auth', undefined, { token, goto }))}
    />
  );
}
