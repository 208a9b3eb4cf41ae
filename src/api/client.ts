// The one HTTP client of the console: ky with the spec's retry policy (section 8), the bearer token,
// and every failure turned into an ApiError (or passed through when it is not an API error).

import ky, { type KyInstance, type Options } from 'ky';
import { isApiError, toApiError } from '@/api/api-error';

/** Retries after the first attempt, on network failure or a 5xx status. */
export const RETRY_LIMIT = 5;
/** Fixed wait between attempts. */
export const RETRY_DELAY_MS = 2000;

/** Every method retries: the server's 5xx means the request did not take effect. */
const RETRY_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];
// Pure: a bundle that imports this module for its constants alone (the team pages' start script) drops it.
const SERVER_ERROR_STATUSES = /* @__PURE__ */ Array.from({ length: 100 }, (_, offset) => 500 + offset);

export type AccessTokenGetter = () => string | null | Promise<string | null>;

export interface ApiClientOptions {
  /** Origin the API paths are relative to; the page's own origin by default. */
  prefixUrl?: string;
  /** Supplies the bearer token for authenticated calls (the session refreshes it as needed). */
  getAccessToken?: AccessTokenGetter;
  /**
   * Called once when an authenticated call answers 401 with `rejectedToken`; resolves to the token
   * to retry with (spec section 4: one refresh, one retry), or rejects when the session is gone.
   */
  renewAccessToken?: (rejectedToken: string) => Promise<string>;
  fetch?: typeof globalThis.fetch;
}

export interface RequestOptions {
  json?: unknown;
  body?: FormData;
  searchParams?: Record<string, string | number | boolean>;
  signal?: AbortSignal;
  /** false for the calls spec section 7 marks 'no auth': no token is asked for or sent. */
  auth?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, options?: RequestOptions): Promise<T>;
  put<T>(path: string, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Absolute URL of an API path, for links the browser opens itself (downloads, images). */
  url(path: string, searchParams?: Record<string, string>): string;
  /**
   * Runs a call of another transport (uploads through XMLHttpRequest) with the session's bearer
   * token, and once more with a renewed one after a 401, as every call here is.
   */
  withToken<T>(call: (token: string | null) => Promise<T>): Promise<T>;
}

type Method = 'get' | 'post' | 'put' | 'delete';

/** Header the server keys retried writes by (server/src/http/idempotency.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh random key for one write. ky sends the same headers on every retry of a call, so the
 * server can tell a retry (same key) whose first try it applied from a new call (docs/decisions/011).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(18);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function defaultPrefixUrl(): string {
  return globalThis.location?.origin ?? 'http://127.0.0.1:8080';
}

/** ky configured with the retry policy: nothing but network failures and 5xx retries, 2000 ms apart. */
export function createKy({ prefixUrl, fetch }: Pick<ApiClientOptions, 'prefixUrl' | 'fetch'>): KyInstance {
  return ky.create({
    prefixUrl: prefixUrl ?? defaultPrefixUrl(),
    timeout: false,
    retry: {
      limit: RETRY_LIMIT,
      methods: RETRY_METHODS,
      statusCodes: SERVER_ERROR_STATUSES,
      afterStatusCodes: [],
      delay: () => RETRY_DELAY_MS,
    },
    ...(fetch ? { fetch } : {}),
  });
}

async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Paths are written as in the spec ('/api/v1/...'); ky wants them relative to its prefix. */
function relative(path: string): string {
  return path.replace(/^\/+/, '');
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const http = createKy(options);
  const prefixUrl = options.prefixUrl ?? defaultPrefixUrl();

  async function send<T>(
    method: Method,
    path: string,
    rest: Omit<RequestOptions, 'auth'>,
    token: string | null,
  ) {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (method !== 'get') headers[IDEMPOTENCY_HEADER] = newIdempotencyKey();
    const kyOptions: Options = { method, ...rest, headers };
    try {
      return await parseBody<T>(await http(relative(path), kyOptions));
    } catch (error) {
      throw await toApiError(error);
    }
  }

  /**
   * Runs a call with the bearer token (none when `auth` is false); on a 401, once more with the token
   * the session renews (spec section 4: one refresh, one retry). When no new token can be had, the
   * caller sees the original 401 (and re-runs the auth flow).
   */
  async function withToken<T>(auth: boolean, call: (token: string | null) => Promise<T>): Promise<T> {
    const token = auth ? ((await options.getAccessToken?.()) ?? null) : null;
    try {
      return await call(token);
    } catch (error) {
      const renew = options.renewAccessToken;
      if (!(token && renew && isApiError(error) && error.status === 401)) throw error;
      const renewed = await renew(token).catch(() => null);
      if (!renewed) throw error;
      return await call(renewed);
    }
  }

  const request = <T>(method: Method, path: string, { auth = true, ...rest }: RequestOptions = {}) =>
    withToken(auth, (token) => send<T>(method, path, rest, token));

  function absoluteUrl(path: string, searchParams?: Record<string, string>): string {
    const url = new URL(relative(path), prefixUrl.endsWith('/') ? prefixUrl : `${prefixUrl}/`);
    for (const [name, value] of Object.entries(searchParams ?? {})) url.searchParams.set(name, value);
    return url.toString();
  }

  return {
    get: (path, requestOptions) => request('get', path, requestOptions),
    post: (path, requestOptions) => request('post', path, requestOptions),
    put: (path, requestOptions) => request('put', path, requestOptions),
    delete: (path, requestOptions) => request('delete', path, requestOptions),
    url: absoluteUrl,
    withToken: (call) => withToken(true, call),
  };
}
