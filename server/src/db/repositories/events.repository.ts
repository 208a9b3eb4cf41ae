import type { TeamEvent } from '@domain/entities';
import type { Queryable } from '../db';

export type EventData = Record<string, unknown>;

export interface NewTeamEvent {
  teamId: number;
  type: string;
  data: EventData;
  at: Date;
  /** Accounts whose own stream (GET /api/v1/events) also gets the event, with teamId added. */
  accountIds?: readonly (number | null)[];
}

// The stream's owner row hands out the id: GREATEST(now in ms, last id + 1). The UPDATE keeps that row
// locked until the transaction commits, so ids are strictly increasing and committed in id order.
const insertTeamEvent = `
  WITH clock AS (
    UPDATE teams SET last_event_id = GREATEST(last_event_id + 1, $2::bigint) WHERE id = $1
    RETURNING last_event_id
  )
  INSERT INTO team_events (team_id, id, type, data)
  SELECT $1, last_event_id, $3, $4::jsonb FROM clock
  RETURNING id::float8 AS id`;

const insertAccountEvent = `
  WITH clock AS (
    UPDATE accounts SET last_event_id = GREATEST(last_event_id + 1, $2::bigint) WHERE id = $1
    RETURNING last_event_id
  )
  INSERT INTO account_events (account_id, id, type, data)
  SELECT $1, last_event_id, $3, $4::jsonb FROM clock`;

// Ids are epoch milliseconds, well inside float8's exact integers; pg would return bigint as text.
const selectEvents = 'SELECT id::float8 AS id, type, data FROM';

export function createEventsRepository(db: Queryable) {
  return {
    /**
     * Appends to the team's stream (and to the named accounts' streams). Call it inside the
     * transaction that makes the change, so the event commits with it or not at all.
     */
    async record(event: NewTeamEvent): Promise<number> {
      const ms = event.at.getTime();
      const [row] = await db.query<{ id: number }>(insertTeamEvent, [
        event.teamId,
        ms,
        event.type,
        JSON.stringify(event.data),
      ]);
      // Ascending account order: two transactions never wait for each other's rows in opposite order.
      const accountIds = [...new Set(event.accountIds ?? [])]
        .filter((id) => id !== null)
        .sort((a, b) => a - b);
      const accountData = JSON.stringify({ teamId: event.teamId, ...event.data });
      for (const accountId of accountIds) {
        await db.query(insertAccountEvent, [accountId, ms, event.type, accountData]);
      }
      return (row as { id: number }).id;
    },

    /** The team's newest event of one type, or null for none. */
    async lastOfType(teamId: number, type: string): Promise<TeamEvent | null> {
      const [row] = await db.query<TeamEvent>(
        `${selectEvents} team_events WHERE team_id = $1 AND type = $2 ORDER BY id DESC LIMIT 1`,
        [teamId, type],
      );
      return row ?? null;
    },

    /** The team's events after `offset` (an event id), oldest first. */
    async listTeamEvents(teamId: number, offset: number, limit: number): Promise<TeamEvent[]> {
      return db.query<TeamEvent>(
        `${selectEvents} team_events WHERE team_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
        [teamId, offset, limit],
      );
    },

    /**
     * Every team's events after `offset`, oldest first, each with `teamId` added to its data (the staff's
     * global stream). Ids are per team, so two teams may share one: a full page never ends in the
     * middle of an id, or the next poll (`id > last`) would skip the rest of it.
     */
    async listAllTeamEvents(offset: number, limit: number): Promise<TeamEvent[]> {
      const rows = await db.query<TeamEvent>(
        `SELECT id::float8 AS id, type, jsonb_build_object('teamId', team_id) || data AS data FROM team_events
         WHERE id > $1::bigint ORDER BY id, team_id LIMIT $2`,
        [offset, limit],
      );
      const last = rows.at(-1)?.id;
      if (rows.length < limit || last === undefined) return rows;
      const whole = rows.filter((row) => row.id !== last);
      return whole.length > 0 ? whole : rows;
    },

    async listAccountEvents(accountId: number, offset: number, limit: number): Promise<TeamEvent[]> {
      return db.query<TeamEvent>(
        `${selectEvents} account_events WHERE account_id = $1 AND id > $2::bigint ORDER BY id LIMIT $3`,
        [accountId, offset, limit],
      );
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
