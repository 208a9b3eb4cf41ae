// /auth/session-expired, and /login without a token: sign in again through the app, or with the
// hidden manual token form, which goes through /auth keeping `goto`.
import { useNavigate, useSearchParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { useSessionViewState } from '@/routes/auth/session-view-state';
import { pathTo } from '@/routes/route-table';
import { LoginView } from '@/ui/LoginView';

export function SessionExpiredPage() {
  const { session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goto = params.get('goto');
  const sessionState = useSessionViewState();
  return (
    <LoginView
      loggedIn={sessionState === 'loggedIn'}
      busy={sessionState === 'loading'}
      deepLinkHref={links.appDeepLink}
      onSubmitToken={(token) => navigate(pathTo('auth', undefined, { token, goto }))}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );
}
