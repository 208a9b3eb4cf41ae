// The session: who is signed in and how their tokens stay fresh (spec section 4).
//
// The statechart is also the single flight for token refreshes: while in `loggedIn.refreshing`,
// further refresh requests and 401 reports are simply not handled, so any number of concurrent
// callers share one refresh call and all wait for the same outcome (see session.client.ts).
//
// Storage, the API calls and the clock are injected with `provide`; this file imports no I/O.
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup, spawnChild } from 'xstate';
import { isAuthCode, tokenUid } from '@/domain/auth-token';
import type { Tokens } from '@/domain/entities';
import { errorOf } from './actor-error';

/** Spec section 9: refresh the access token when fewer than this many seconds remain. */
export const ACCESS_TOKEN_REFRESH_MARGIN_S = 1800;

export const TOKEN_INVALID_MESSAGE = 'Token is invalid';

/** What survives a reload, under the configurable storage-key prefix. */
export interface StoredSession {
  refreshToken: string;
  accessToken: string | null;
  /** Seconds since epoch. */
  expiresAt: number | null;
  uid: number | null;
}

export interface SessionContext {
  refreshToken: string | null;
  accessToken: string | null;
  expiresAt: number | null;
  /** The signed-in account, from the access token's uid claim. */
  uid: number | null;
  /** The token handed to `session.login`, while it is being exchanged or tried. */
  pendingToken: string | null;
  loginError: string | null;
  /** Why the last refresh failed when it did not log the user out (e.g. the network). */
  refreshError: unknown;
  /**
   * The session ended by a deliberate logout, in this tab or another: the sign-in page then does not
   * say the user was logged out due to inactivity.
   */
  loggedOutOnPurpose: boolean;
}

export type SessionEvent =
  | { type: 'session.login'; token: string }
  | { type: 'session.logout' }
  /** A caller needs a fresh access token; refreshes only when missing or inside the margin. */
  | { type: 'session.refresh' }
  /** An authenticated call answered 401 with this access token. */
  | { type: 'session.tokenRejected'; accessToken: string | null }
  /** Another tab changed the stored session; `loggedOut`: it did so by logging out. */
  | { type: 'session.storageChanged'; stored: StoredSession | null; loggedOut?: boolean };

/** Errors the refresh and exchange actors reject with carry the HTTP status when there is one. */
function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

function nowInSeconds(): number {
  return Date.now() / 1000;
}

export function hasFreshAccessToken(context: Pick<SessionContext, 'accessToken' | 'expiresAt'>): boolean {
  return (
    context.accessToken !== null &&
    context.expiresAt !== null &&
    context.expiresAt - nowInSeconds() > ACCESS_TOKEN_REFRESH_MARGIN_S
  );
}

function sessionFromTokens(tokens: Tokens) {
  return {
    refreshToken: tokens.refreshToken,
    accessToken: tokens.accessToken,
    expiresAt: tokens.expiresAt,
    uid: tokenUid(tokens.accessToken),
  };
}

const signedOut = {
  refreshToken: null,
  accessToken: null,
  expiresAt: null,
  uid: null,
  pendingToken: null,
  refreshError: null,
  loggedOutOnPurpose: false,
} as const;

type TokensDone = { event: DoneActorEvent<Tokens> };

/**
 * A deliberate logout: the server revokes the session (a spawned child, so the user waits for nothing
 * and a failure changes nothing here), then this tab forgets it and other tabs are told.
 */
const logOut = ['spawnRevokeSession', 'forgetSession', 'storeLogout', 'markLoggedOutOnPurpose'] as const;

/**
 * How a login ends, whichever way the token was tried (an auth code exchanged, or used as a refresh
 * token): the issued tokens are adopted and stored, or the token is refused ('Token is invalid').
 */
const loginSettles = {
  onDone: {
    target: 'loggedIn',
    actions: [
      { type: 'adoptTokens', params: ({ event }: TokensDone) => event.output },
      'forgetPendingToken',
      { type: 'persistSession', params: ({ event }: TokensDone) => sessionFromTokens(event.output) },
    ],
  },
  onError: {
    target: 'loggedOut',
    actions: ['forgetSession', 'clearStoredSession', 'markTokenInvalid'],
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<StoredSession | null>(async () => null),
    exchangeAuthCode: fromPromise<Tokens, { code: string }>(async () => {
      throw new Error('exchangeAuthCode is not provided');
    }),
    refreshTokens: fromPromise<Tokens, { refreshToken: string }>(async () => {
      throw new Error('refreshTokens is not provided');
    }),
    /** POST /api/v2/auth/logout; resolves whatever the answer (the local logout does not wait for it). */
    revokeSession: fromPromise<void, { refreshToken: string | null }>(async () => {}),
  },
  actions: {
    // Injected by the app (storage) and by tests.
    persistSession: (_, _params: StoredSession) => {},
    clearStoredSession: () => {},
    /** Clears the stored session so that other tabs learn it ended by a logout. */
    storeLogout: () => {},
    adoptStoredSession: assign((_, stored: StoredSession) => ({ ...stored, refreshError: null })),
    adoptTokens: assign((_, tokens: Tokens) => ({ ...sessionFromTokens(tokens), refreshError: null })),
    forgetSession: assign(signedOut),
    rememberLoginToken: assign(({ event }) => {
      assertEvent(event, 'session.login');
      return { pendingToken: event.token.trim(), loginError: null };
    }),
    forgetPendingToken: assign({ pendingToken: null }),
    markTokenInvalid: assign({ loginError: TOKEN_INVALID_MESSAGE }),
    clearLoginError: assign({ loginError: null }),
    dropAccessToken: assign({ accessToken: null, expiresAt: null }),
    rememberRefreshError: assign(({ event }) => ({ refreshError: errorOf(event) })),
    clearRefreshError: assign({ refreshError: null }),
    spawnRevokeSession: spawnChild('revokeSession', {
      input: ({ context }) => ({ refreshToken: context.refreshToken }),
    }),
    markLoggedOutOnPurpose: assign({ loggedOutOnPurpose: true }),
    adoptOtherTabLogout: assign(({ event }) => {
      assertEvent(event, 'session.storageChanged');
      return { loggedOutOnPurpose: event.loggedOut === true };
    }),
  },
  guards: {
    hasStoredSession: (_, stored: StoredSession | null) => Boolean(stored?.refreshToken),
    isPendingToken: ({ context, event }) =>
      event.type === 'session.login' &&
      context.pendingToken !== null &&
      event.token.trim() === context.pendingToken,
    isEmptyToken: ({ event }) => event.type === 'session.login' && event.token.trim() === '',
    isAuthCodeOfCurrentUser: ({ context, event }) =>
      event.type === 'session.login' &&
      context.refreshToken !== null &&
      isAuthCode(event.token.trim()) &&
      tokenUid(event.token.trim()) === context.uid,
    isAuthCode: ({ event }) => event.type === 'session.login' && isAuthCode(event.token.trim()),
    needsFreshAccessToken: ({ context }) => !hasFreshAccessToken(context),
    isCurrentAccessToken: ({ context, event }) =>
      event.type === 'session.tokenRejected' &&
      (event.accessToken === null || event.accessToken === context.accessToken),
    isUnauthorized: ({ event }) => isUnauthorized(errorOf(event)),
  },
}).createMachine({
  id: 'session',
  context: {
    refreshToken: null,
    accessToken: null,
    expiresAt: null,
    uid: null,
    pendingToken: null,
    loginError: null,
    refreshError: null,
    loggedOutOnPurpose: false,
  },
  initial: 'restoring',
  on: {
    'session.login': [
      // The same token again while it is being tried (a page mounted twice): nothing new to do.
      { guard: 'isPendingToken' },
      // A blank token is the manual form's way to log out.
      { guard: 'isEmptyToken', target: '.loggedOut', actions: [...logOut, 'clearLoginError'] },
      { guard: 'isAuthCodeOfCurrentUser', target: '.loggedIn', actions: 'clearLoginError' },
      { guard: 'isAuthCode', target: '.exchangingCode', actions: 'rememberLoginToken' },
      { target: '.loggingInWithRefreshToken', actions: 'rememberLoginToken' },
    ],
  },
  states: {
    restoring: {
      tags: 'restoring',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.output },
            target: 'loggedIn',
            actions: { type: 'adoptStoredSession', params: ({ event }) => event.output as StoredSession },
          },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut' },
      },
    },

    loggedOut: {
      on: {
        'session.storageChanged': {
          guard: { type: 'hasStoredSession', params: ({ event }) => event.stored },
          target: 'loggedIn',
          actions: { type: 'adoptStoredSession', params: ({ event }) => event.stored as StoredSession },
        },
      },
    },

    exchangingCode: {
      tags: 'loggingIn',
      invoke: {
        id: 'exchangeAuthCode',
        src: 'exchangeAuthCode',
        input: ({ context }) => ({ code: context.pendingToken ?? '' }),
        ...loginSettles,
      },
    },

    loggingInWithRefreshToken: {
      tags: 'loggingIn',
      invoke: {
        id: 'loginWithRefreshToken',
        src: 'refreshTokens',
        input: ({ context }) => ({ refreshToken: context.pendingToken ?? '' }),
        ...loginSettles,
      },
    },

    loggedIn: {
      tags: 'loggedIn',
      initial: 'ready',
      on: {
        'session.logout': { target: 'loggedOut', actions: logOut },
        'session.storageChanged': [
          {
            guard: { type: 'hasStoredSession', params: ({ event }) => event.stored },
            actions: { type: 'adoptStoredSession', params: ({ event }) => event.stored as StoredSession },
          },
          // Another tab logged out: follow it. Its storage is already clear.
          { target: 'loggedOut', actions: ['forgetSession', 'adoptOtherTabLogout'] },
        ],
      },
      states: {
        ready: {
          on: {
            'session.refresh': { guard: 'needsFreshAccessToken', target: 'refreshing' },
            'session.tokenRejected': {
              guard: 'isCurrentAccessToken',
              target: 'refreshing',
              actions: 'dropAccessToken',
            },
          },
        },
        refreshing: {
          tags: 'refreshing',
          entry: 'clearRefreshError',
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
            onDone: {
              target: 'ready',
              actions: [
                { type: 'adoptTokens', params: ({ event }) => event.output },
                { type: 'persistSession', params: ({ event }) => sessionFromTokens(event.output) },
              ],
            },
            onError: [
              {
                guard: 'isUnauthorized',
                target: '#session.loggedOut',
                actions: ['forgetSession', 'clearStoredSession'],
              },
              {
                target: 'ready',
                actions: 'rememberRefreshError',
              },
            ],
          },
        },
      },
    },
  },
});
