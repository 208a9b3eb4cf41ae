// How API calls get a usable access token from the session actor. The machine does the deciding;
// these helpers only ask it and wait for it to settle, so concurrent callers share one refresh.
import { type ActorRefFrom, type SnapshotFrom, waitFor } from 'xstate';
import { hasFreshAccessToken, type sessionMachine } from './session.machine';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Spec section 5: refresh fails with this when no refresh token exists. */
export const NO_REFRESH_TOKEN = 'No refresh token';

function isSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.hasTag('restoring') && !snapshot.hasTag('loggingIn') && !snapshot.hasTag('refreshing');
}

function accessTokenOf(snapshot: SessionSnapshot): string {
  const { refreshToken, accessToken, refreshError } = snapshot.context;
  if (!refreshToken) throw new Error(NO_REFRESH_TOKEN);
  if (refreshError) throw refreshError;
  if (!accessToken) throw new Error(NO_REFRESH_TOKEN);
  return accessToken;
}

/** An access token with more than the margin left, refreshing first when needed. */
export async function getFreshAccessToken(session: SessionActor): Promise<string> {
  const settled = await waitFor(session, isSettled);
  if (!settled.context.refreshToken) throw new Error(NO_REFRESH_TOKEN);
  if (hasFreshAccessToken(settled.context) && settled.context.accessToken) return settled.context.accessToken;
  session.send({ type: 'session.refresh' });
  return accessTokenOf(await waitFor(session, isSettled));
}

/**
 * Reports that `rejectedToken` got a 401 and returns the token to retry with. When another call has
 * already replaced that token, no refresh happens and the newer token is returned.
 */
export async function renewRejectedAccessToken(
  session: SessionActor,
  rejectedToken: string | null,
): Promise<string> {
  await waitFor(session, isSettled);
  session.send({ type: 'session.tokenRejected', accessToken: rejectedToken });
  return accessTokenOf(await waitFor(session, isSettled));
}
