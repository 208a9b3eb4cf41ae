import { createPaddleSandbox, type PaddleSandbox } from '../../sandbox/paddle/paddle-sandbox';
import type { Db } from '../db/db';
import type { Config } from '../settings/config';
import { paddleSandboxDecision } from '../settings/stand-ins';

/** The console's default payment link page (src/routes/route-table.ts, route `paddle-pay`). */
export const PADDLE_PAY_LINK_PAGE = '/paddle-pay';

/**
 * The seam between the product and the Paddle stand-in: without PADDLE_API_KEY, and where the
 * sandbox may run (stand-ins.ts: a loopback PUBLIC_URL, or PADDLE_SANDBOX=on), this makes the
 * built-in Paddle sandbox, its tables migrated and its keys adopted; else null. The product's
 * Paddle SDK is then pointed at `sandbox.apiBaseUrl()` with `sandbox.apiKey`.
 * `localUrl` is where this process can reach itself (the sandbox's webhooks go there).
 */
export async function startPaddleSandbox(
  config: Pick<Config, 'paddle' | 'paddleSandbox' | 'publicUrl' | 'host'>,
  db: Db,
  localUrl: () => string,
  publicUrl: () => string,
): Promise<PaddleSandbox | null> {
  if (config.paddle.apiKey || !paddleSandboxDecision(config).mount) return null;
  const sandbox = createPaddleSandbox({
    db,
    publicUrl,
    webhookUrl: () => `${localUrl()}/api/v1/webhooks/paddle`,
    // As an operator sets it in Paddle's dashboard: the console's own payment link page.
    defaultPaymentLink: () => `${publicUrl()}${PADDLE_PAY_LINK_PAGE}`,
  });
  await sandbox.migrate();
  return sandbox;
}
