import { useSelector } from '@xstate/react';
import { useServices } from '@/app/services-context';
import type { SessionActor } from '@/machines/session.client';
import { isSessionSettled } from '@/routes/login-guard';

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

const selectSessionViewState = (snapshot: SessionSnapshot): 'loading' | 'loggedIn' | 'loggedOut' =>
  !isSessionSettled(snapshot) ? 'loading' : snapshot.matches('loggedIn') ? 'loggedIn' : 'loggedOut';

export function useSessionViewState() {
  const { session } = useServices();
  return useSelector(session, selectSessionViewState);
}
