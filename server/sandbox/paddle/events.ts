import { sandboxIso } from './clock';
import type { Ctx } from './context';
import { newId } from './ids';

/** An event as Paddle's events API and webhooks carry it. */
export interface PaddleEvent {
  event_id: string;
  event_type: string;
  occurred_at: string;
  data: unknown;
}

/**
 * Records what happened, in the unit's transaction: the event (its data a snapshot of the entity,
 * as Paddle sends it) and one pending delivery to the notification setting, which the delivery
 * worker posts, signed, to the webhook destination. Recorded with the change it tells of, so
 * neither is kept without the other.
 */
export async function recordEvent(ctx: Ctx, eventType: string, data: unknown): Promise<PaddleEvent> {
  const event: PaddleEvent = {
    event_id: newId('event'),
    event_type: eventType,
    occurred_at: await sandboxIso(ctx),
    data,
  };
  await ctx.tx.query(
    `INSERT INTO paddle_sandbox_events (id, event_type, occurred_at, data) VALUES ($1, $2, $3, $4::jsonb)`,
    [event.event_id, eventType, event.occurred_at, JSON.stringify(data)],
  );
  await ctx.tx.query(
    `INSERT INTO paddle_sandbox_deliveries (id, event_id, setting_id, next_attempt_at) VALUES ($1, $2, $3, now())`,
    [newId('notification'), event.event_id, ctx.config.notificationSettingId],
  );
  return event;
}
