import { waitFor } from 'xstate';
import type { SessionActor } from '@/machines/session.client';
import { isSessionSettled } from '@/routes/login-guard';

export type LoginOutcome = 'loggedIn' | 'loggedOut' | 'invalid';

/** Logs in with a token (spec section 4) and tells how it went once the session has settled. */
export async function loginWithToken(session: SessionActor, token: string): Promise<LoginOutcome> {
  session.send({ type: 'session.login', token });
  const settled = await waitFor(session, isSessionSettled);
  if (settled.context.loginError) return 'invalid';
  return settled.matches('loggedIn') ? 'loggedIn' : 'loggedOut';
}
