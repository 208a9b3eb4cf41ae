import type { PaddleSandbox } from '../../sandbox/paddle/paddle-sandbox';
import type { StripeSandbox } from '../../sandbox/stripe/stripe-sandbox';

/** The Paddle sandbox's keys, as Paddle's own sandbox hands them out. */
export interface PaddleSandboxKeys {
  apiKey: string;
  clientToken: string;
  webhookSecret: string;
}

/**
 * The keys a developer's other tools need to talk to the sandboxes as to Stripe's test mode and
 * Paddle's sandbox (paddle: null where the Paddle sandbox does not run).
 */
export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  paddle?: PaddleSandboxKeys | null;
}

/** Read when asked: each sandbox adopts the keys the database holds once it has migrated. */
export function sandboxKeys(sandbox: StripeSandbox | null, paddle: PaddleSandbox | null = null): SandboxKeys {
  if (!sandbox) throw new Error('no Stripe sandbox');
  return {
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    webhookSecret: sandbox.webhookSecret,
    paddle: paddle
      ? { apiKey: paddle.apiKey, clientToken: paddle.clientToken, webhookSecret: paddle.webhookSecret }
      : null,
  };
}

/** One per line, as an env file has them. */
export function sandboxKeyLines(keys: SandboxKeys): string {
  return [
    `STRIPE_SECRET_KEY=${keys.secretKey}`,
    `STRIPE_PUBLISHABLE_KEY=${keys.publishableKey}`,
    `STRIPE_WEBHOOK_SECRET=${keys.webhookSecret}`,
    ...(keys.paddle
      ? [
          `PADDLE_API_KEY=${keys.paddle.apiKey}`,
          `PADDLE_CLIENT_TOKEN=${keys.paddle.clientToken}`,
          `PADDLE_WEBHOOK_SECRET=${keys.paddle.webhookSecret}`,
        ]
      : []),
  ].join('\n');
}
