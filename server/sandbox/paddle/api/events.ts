import { paddleIso } from '../clock';
import type { PaddleEvent } from '../events';
import { EVENT_TYPES } from '../notifications/event-types';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';

interface EventRow {
  id: string;
  event_type: string;
  occurred_at: string | Date;
  data: unknown;
}

export function eventOf(row: EventRow): PaddleEvent {
  return {
    event_id: row.id,
    event_type: row.event_type,
    occurred_at: paddleIso(new Date(row.occurred_at)),
    data: row.data,
  };
}

/** `GET /events` (oldest first, `after` an event id, `event_type` a list) and `GET /event-types`. */
export const eventRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/events',
    async handler(ctx, { query, url }) {
      const types = listParam(query, 'event_type');
      // `after` is a place in the whole sequence: the event it names need not be of a listed type.
      const rows = await ctx.tx.query<EventRow>(
        `SELECT id, event_type, occurred_at, data FROM paddle_sandbox_events
          WHERE ($1::text[] IS NULL OR event_type = ANY($1::text[]))
            AND seq > COALESCE((SELECT seq FROM paddle_sandbox_events WHERE id = $2), 0)
          ORDER BY seq`,
        [types, query.get('after')],
      );
      const rest = new URLSearchParams(query);
      rest.delete('after');
      const page = paginate(
        rows.map((row) => ({ id: row.id, event: eventOf(row) })),
        rest,
        url,
      );
      // The estimate counts every event the filter takes, not only those after the cursor.
      const [count] = await ctx.tx.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM paddle_sandbox_events
          WHERE $1::text[] IS NULL OR event_type = ANY($1::text[])`,
        [types],
      );
      return {
        data: page.data.map((item) => item.event),
        pagination: { ...page.pagination, estimated_total: count?.total ?? rows.length },
      };
    },
  },
  {
    method: 'GET',
    path: '/event-types',
    async handler() {
      return { data: EVENT_TYPES };
    },
  },
];
