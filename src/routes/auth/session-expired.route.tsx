// /auth/session-expired, and /login without a token: sign in again through the app, or with the
// hidden manual token form, which goes through /auth keeping `goto`. After a deliberate logout (this
// tab's or another's) it says so rather than blaming inactivity.
import { useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router';
import { links } from '@/app/config';
import { useServices } from '@/app/services-context';
import { selectLoggedOutOnPurpose } from '@/machines/session.selectors';
import { useSessionViewState } from '@/routes/auth/session-view-state';
import { pathTo } from '@/routes/route-table';
import { LoginView } from '@/ui/LoginView';

export function SessionExpiredPage() {
  const { session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const goto = params.get('goto');
  const sessionState = useSessionViewState();
  const loggedOutOnPurpose = useSelector(session, selectLoggedOutOnPurpose);
  return (
    <LoginView
      loggedIn={sessionState === 'loggedIn'}
      loggedOutOnPurpose={loggedOutOnPurpose}
      busy={sessionState === 'loading'}
      deepLinkHref={links.appDeepLink}
      onSubmitToken={(token) => navigate(pathTo('auth', undefined, { token, goto }))}
      onLogout={() => session.send({ type: 'session.logout' })}
    />
  );
}
