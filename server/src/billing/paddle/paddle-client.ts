import type { EventEntity, Paddle } from '@paddle/paddle-node-sdk';
import { ProviderUnavailableError } from '../billing-errors';

export interface PaddleSettings {
  /** PADDLE_API_KEY (or the sandbox's key); null: Paddle is not configured and answers say so with empty data. */
  apiKey: string | null;
  /** PADDLE_CLIENT_TOKEN (or the sandbox's): what Paddle.js starts with in the browser. */
  clientToken: string | null;
  /** PADDLE_WEBHOOK_SECRET (or the sandbox's): the notification destination's secret key. */
  webhookSecret?: string | null;
  environment: 'sandbox' | 'production';
  /**
   * The built-in sandbox standing in for Paddle: where this process reaches its API (the SDK's base
   * URL) and where browsers load its Paddle.js stand-in. Null or absent with real Paddle.
   */
  standIn?: { apiBaseUrl: () => string; scriptUrl: string } | null;
  /** DEFAULT_PAYMENT_PROVIDER, for the allowed-providers rule. */
  defaultProvider?: 'stripe' | 'paddle' | null;
}

/** Paddle refused a request (its `request_error` type): its code and detail, for the caller to map. */
export interface PaddleRequestError {
  code: string;
  detail: string;
}

/** The SDK's ApiError for a refused request, read without importing the SDK's classes (loaded lazily). */
export function paddleRequestErrorOf(error: unknown): PaddleRequestError | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; detail?: unknown; type?: unknown };
  if (e.type !== 'request_error' || typeof e.code !== 'string') return null;
  return { code: e.code, detail: typeof e.detail === 'string' ? e.detail : '' };
}

/**
 * The product's one Paddle client: the official SDK at Paddle's sandbox or production with
 * PADDLE_API_KEY, or at the built-in sandbox's base URL with its keys. The SDK (about 30 MB resident
 * once loaded) is imported on the first call that needs it: most installations never use Paddle
 * (docs/decisions/023-memory-at-rest.md).
 */
export function createPaddleClient(settings: PaddleSettings) {
  let client: Promise<Paddle> | null = null;

  async function load(): Promise<Paddle> {
    const apiKey = settings.apiKey;
    if (!apiKey) throw new ProviderUnavailableError();
    client ??= import('@paddle/paddle-node-sdk').then(({ Environment, Paddle, LogLevel }) => {
      const environment = settings.standIn
        ? (settings.standIn.apiBaseUrl() as typeof Environment.sandbox)
        : settings.environment === 'production'
          ? Environment.production
          : Environment.sandbox;
      // The SDK logs nothing by itself: request bodies and keys stay out of the server's output.
      return new Paddle(apiKey, { environment, logLevel: LogLevel.none });
    });
    return client;
  }

  return {
    configured: settings.apiKey !== null,
    settings,

    /**
     * Runs one call with the SDK. A network failure or Paddle failing on its side is
     * ProviderUnavailableError (503, the console retries); a refused request passes through for the
     * caller to map (paddleRequestErrorOf).
     */
    async call<T>(fn: (paddle: Paddle) => Promise<T>): Promise<T> {
      const paddle = await load();
      try {
        return await fn(paddle);
      } catch (error) {
        if (paddleRequestErrorOf(error)) throw error;
        throw new ProviderUnavailableError();
      }
    },

    /** Checks a webhook's Paddle-Signature over the exact body and parses it; null when it does not hold. */
    async unmarshal(rawBody: string, signature: string | undefined): Promise<EventEntity | null> {
      const secret = settings.webhookSecret;
      if (!secret || !signature) return null;
      try {
        return await (await load()).webhooks.unmarshal(rawBody, secret, signature);
      } catch {
        return null;
      }
    },
  };
}

export type PaddleClient = ReturnType<typeof createPaddleClient>;
