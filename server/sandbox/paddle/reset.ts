import type { Db } from '../../src/db/db';
import { lockSandbox } from './context';

/**
 * Empties the Paddle sandbox (entities, events, webhook deliveries, portal links, the clock and
 * counters) for the product's `seed --reset`. The keys and the notification setting's id and secret
 * stay: tools holding them (a second service, curl, the product's own SDK) keep working; its choices
 * (subscribed events, active) go back to every event, active. Run after the sandbox has migrated.
 */
export async function resetPaddleSandbox(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockSandbox(tx);
    await tx.exec(`DELETE FROM paddle_sandbox_entities;
      DELETE FROM paddle_sandbox_state;
      DELETE FROM paddle_sandbox_events;
      DELETE FROM paddle_sandbox_deliveries;
      DELETE FROM paddle_sandbox_delivery_logs;
      DELETE FROM paddle_sandbox_portal_tokens;`);
  });
}
