import type { StripeSandbox } from '../../sandbox/stripe/stripe-sandbox';

/** The keys a developer's other tools need to talk to the sandbox as to Stripe's test mode. */
export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** Read when asked: the sandbox adopts the keys the database holds once it has migrated. */
export function sandboxKeys(sandbox: StripeSandbox | null): SandboxKeys {
  if (!sandbox) throw new Error('no Stripe sandbox');
  return {
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    webhookSecret: sandbox.webhookSecret,
  };
}

/** One per line, as an env file has them. */
export function sandboxKeyLines(keys: SandboxKeys): string {
  return [
    `STRIPE_SECRET_KEY=${keys.secretKey}`,
    `STRIPE_PUBLISHABLE_KEY=${keys.publishableKey}`,
    `STRIPE_WEBHOOK_SECRET=${keys.webhookSecret}`,
  ].join('\n');
}
