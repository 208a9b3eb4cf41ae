import { paddleIso } from '../clock';
import { invalidField, notFound } from '../errors';
import { newId } from '../ids';
import { MAX_ATTEMPTS } from '../notifications/retry-schedule';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';

type Status = 'not_attempted' | 'needs_retry' | 'delivered' | 'failed';
const STATUSES: readonly Status[] = ['not_attempted', 'needs_retry', 'delivered', 'failed'];

interface DeliveryRow {
  id: string;
  setting_id: string;
  attempts: number;
  origin: 'event' | 'replay';
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  last_attempt_at: Date | string | null;
  replayed_at: Date | string | null;
  event_id: string;
  event_type: string;
  occurred_at: Date | string;
  data: unknown;
}

/** Paddle's notification entity: one delivery of an event to a notification setting. */
export interface NotificationEntity {
  id: string;
  type: string;
  status: Status;
  payload: {
    notification_id: string;
    event_id: string;
    event_type: string;
    occurred_at: string;
    data: unknown;
  };
  occurred_at: string;
  delivered_at: string | null;
  replayed_at: string | null;
  origin: 'event' | 'replay';
  last_attempt_at: string | null;
  retry_at: string | null;
  times_attempted: number;
  notification_setting_id: string;
}

/** Paddle's notification log: one attempt and what the destination answered. */
export interface NotificationLogEntity {
  id: string;
  response_code: number;
  response_content_type: string | null;
  response_body: string;
  attempted_at: string;
}

type LogRow = Omit<NotificationLogEntity, 'attempted_at'> & { attempted_at: Date | string };

const iso = (value: Date | string | null) => (value === null ? null : paddleIso(new Date(value)));

function statusOf(row: DeliveryRow): Status {
  if (row.delivered_at !== null) return 'delivered';
  if (row.attempts === 0) return 'not_attempted';
  return row.attempts >= MAX_ATTEMPTS ? 'failed' : 'needs_retry';
}

export function notificationOf(row: DeliveryRow): NotificationEntity {
  const status = statusOf(row);
  const occurredAt = iso(row.occurred_at) as string;
  return {
    id: row.id,
    type: row.event_type,
    status,
    payload: {
      notification_id: row.id,
      event_id: row.event_id,
      event_type: row.event_type,
      occurred_at: occurredAt,
      data: row.data,
    },
    occurred_at: occurredAt,
    delivered_at: iso(row.delivered_at),
    replayed_at: iso(row.replayed_at),
    origin: row.origin,
    last_attempt_at: iso(row.last_attempt_at),
    retry_at: status === 'needs_retry' ? iso(row.next_attempt_at) : null,
    times_attempted: row.attempts,
    notification_setting_id: row.setting_id,
  };
}

const SELECT = `SELECT d.id, d.setting_id, d.attempts, d.origin, d.next_attempt_at, d.delivered_at,
    d.last_attempt_at, d.replayed_at, d.event_id, e.event_type, e.occurred_at, e.data
  FROM paddle_sandbox_deliveries d JOIN paddle_sandbox_events e ON e.id = d.event_id`;

/** Paddle's `filter`: a transaction, customer or subscription id the notification's payload names. */
function mentions(notification: NotificationEntity, id: string): boolean {
  return JSON.stringify(notification.payload).includes(JSON.stringify(id));
}

function timeParam(query: URLSearchParams, name: string): Date | null {
  const value = query.get(name);
  if (value === null) return null;
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw invalidField(name, 'must be an RFC 3339 date-time');
  return time;
}

/**
 * `GET /notifications` (filters `notification_setting_id`, `status`, `filter` for an entity id in the
 * payload, `from`/`to` on the event's time) and `POST /notifications/{id}/replay`, which sends the
 * event again as a new notification of origin `replay`.
 */
export const notificationRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/notifications',
    async handler(ctx, { query, url }) {
      const settings = listParam(query, 'notification_setting_id');
      const statuses = listParam(query, 'status');
      const bad = statuses?.find((status) => !STATUSES.includes(status as Status));
      if (bad !== undefined) throw invalidField('status', `must be one of ${STATUSES.join(', ')}`);
      const filter = query.get('filter');
      const from = timeParam(query, 'from');
      const to = timeParam(query, 'to');
      const rows = await ctx.tx.query<DeliveryRow>(`${SELECT} ORDER BY d.seq`);
      const items = rows.map(notificationOf).filter((n) => {
        const time = new Date(n.occurred_at).getTime();
        return (
          (!settings || settings.includes(n.notification_setting_id)) &&
          (!statuses || statuses.includes(n.status)) &&
          (!filter || mentions(n, filter)) &&
          (!from || time >= from.getTime()) &&
          (!to || time < to.getTime())
        );
      });
      return paginate(items, query, url);
    },
  },
  {
    method: 'GET',
    path: '/notifications/:notification_id',
    async handler(ctx, { params }) {
      const id = params.notification_id ?? '';
      const [row] = await ctx.tx.query<DeliveryRow>(`${SELECT} WHERE d.id = $1`, [id]);
      if (!row) throw notFound('Notification', id);
      return { data: notificationOf(row) };
    },
  },
  {
    method: 'GET',
    path: '/notifications/:notification_id/logs',
    async handler(ctx, { params, query, url }) {
      const id = params.notification_id ?? '';
      const [row] = await ctx.tx.query<{ id: string }>(
        'SELECT id FROM paddle_sandbox_deliveries WHERE id = $1',
        [id],
      );
      if (!row) throw notFound('Notification', id);
      const logs = await ctx.tx.query<LogRow>(
        `SELECT id, response_code, response_content_type, response_body, attempted_at
           FROM paddle_sandbox_delivery_logs WHERE delivery_id = $1 ORDER BY seq`,
        [id],
      );
      return paginate(
        logs.map((log) => ({ ...log, attempted_at: iso(log.attempted_at) as string })),
        query,
        url,
      );
    },
  },
  {
    method: 'POST',
    path: '/notifications/:notification_id/replay',
    async handler(ctx, { params }) {
      const id = params.notification_id ?? '';
      const [row] = await ctx.tx.query<DeliveryRow>(`${SELECT} WHERE d.id = $1`, [id]);
      if (!row) throw notFound('Notification', id);
      const replayId = newId('notification');
      await ctx.tx.query(
        `INSERT INTO paddle_sandbox_deliveries (id, event_id, setting_id, origin, next_attempt_at)
         VALUES ($1, $2, $3, 'replay', now())`,
        [replayId, row.event_id, row.setting_id],
      );
      await ctx.tx.query('UPDATE paddle_sandbox_deliveries SET replayed_at = now() WHERE id = $1', [id]);
      return { data: { notification_id: replayId }, status: 202 };
    },
  },
];
