import type { Queryable } from '../db';

/** A team's objects at Paddle: its customer, its current subscription, the last event applied. */
export interface PaddleLink {
  teamId: number;
  customerId: string | null;
  subscriptionId: string | null;
  /**
   * Milliseconds since epoch of the last Paddle state applied to the team (an event's time, or the
   * subscription's `updated_at` the product applied itself); null: none yet.
   */
  eventAt: number | null;
}

export function createPaddleBillingRepository(db: Queryable) {
  return {
    async findLink(teamId: number): Promise<PaddleLink | null> {
      const [row] = await db.query<{
        paddle_customer_id: string | null;
        paddle_subscription_id: string | null;
        event_at: number | null;
      }>(
        `SELECT paddle_customer_id, paddle_subscription_id,
           floor(extract(epoch FROM paddle_event_at) * 1000)::float8 AS event_at
         FROM team_billing WHERE team_id = $1`,
        [teamId],
      );
      return row
        ? {
            teamId,
            customerId: row.paddle_customer_id,
            subscriptionId: row.paddle_subscription_id,
            eventAt: row.event_at,
          }
        : null;
    },

    /** The team a Paddle customer or subscription belongs to, if any. */
    async findTeamId(customerId: string | null, subscriptionId: string | null): Promise<number | null> {
      const [row] = await db.query<{ team_id: number }>(
        `SELECT team_id FROM team_billing
         WHERE paddle_customer_id = $1 OR paddle_subscription_id = $2 LIMIT 1`,
        [customerId, subscriptionId],
      );
      return row?.team_id ?? null;
    },

    /** Sets the given fields (undefined: unchanged), creating the row on first use. */
    async saveLink(
      teamId: number,
      changes: { customerId?: string | null; subscriptionId?: string | null; eventAt?: Date | null },
    ): Promise<void> {
      await db.query(
        `INSERT INTO team_billing AS b (team_id, paddle_customer_id, paddle_subscription_id, paddle_event_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id) DO UPDATE SET
           paddle_customer_id = CASE WHEN $5 THEN EXCLUDED.paddle_customer_id ELSE b.paddle_customer_id END,
           paddle_subscription_id = CASE WHEN $6 THEN EXCLUDED.paddle_subscription_id ELSE b.paddle_subscription_id END,
           paddle_event_at = CASE WHEN $7 THEN EXCLUDED.paddle_event_at ELSE b.paddle_event_at END,
           updated_at = now()`,
        [
          teamId,
          changes.customerId ?? null,
          changes.subscriptionId ?? null,
          changes.eventAt ?? null,
          changes.customerId !== undefined,
          changes.subscriptionId !== undefined,
          changes.eventAt !== undefined,
        ],
      );
    },

    /** Takes a Paddle event by id; false when it was taken before (a redelivery or a replay). */
    async takeEvent(eventId: string, eventType: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO paddle_events_taken (event_id, event_type) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING 1`,
        [eventId, eventType],
      );
      return rows.length > 0;
    },

    /** Teams with a Paddle subscription (the seats reconciliation). */
    async listTeamsWithSubscription(): Promise<number[]> {
      const rows = await db.query<{ team_id: number }>(
        `SELECT b.team_id FROM team_billing b JOIN teams t ON t.id = b.team_id
         WHERE b.paddle_subscription_id IS NOT NULL AND t.deleted_at IS NULL ORDER BY b.team_id`,
      );
      return rows.map((r) => r.team_id);
    },
  };
}

export type PaddleBillingRepository = ReturnType<typeof createPaddleBillingRepository>;
