-- Team management (issue 4): the one definition of a billable seat, invitations with single-use keys,
-- the team and account event streams, and the console's page views.

-- A billable seat: a member who uses the team. Pending invitees, banned and removed members do not
-- count. The team's usersCnt, GET /usage and billing all count this view and nothing else.
CREATE VIEW billable_team_users AS
  SELECT id, team_id, account_id FROM team_users
  WHERE team_status = 'active' AND status = 'active' AND NOT is_banned;

-- The current invitation of a pending team user (one row per team user: re-inviting a removed member
-- or resending replaces the key). Only the key's sha256 is kept; the key itself exists only in the mail.
-- last_sent_at drives the resend throttle; null means the last mail could not be sent.
CREATE TABLE team_invitations (
  team_user_id integer PRIMARY KEY REFERENCES team_users (id) ON DELETE CASCADE,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  last_sent_at timestamptz,
  used_at timestamptz
);

-- Event streams (spec 'Debug viewer'). An event's id is a millisecond timestamp, strictly increasing
-- per stream: the writer takes GREATEST(now_ms, last_event_id + 1) from the stream's owner row with an
-- UPDATE, which holds that row's lock until commit, so ids also become visible in increasing order and
-- a poller reading "id > offset" never skips an event that commits late.
ALTER TABLE teams ADD COLUMN last_event_id bigint NOT NULL DEFAULT 0;
ALTER TABLE accounts ADD COLUMN last_event_id bigint NOT NULL DEFAULT 0;

CREATE TABLE team_events (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  id bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, id)
);

CREATE TABLE account_events (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  id bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, id)
);

-- Page views sent by the console without auth. tid/uid are stored as sent (no foreign keys: analytics
-- must never fail on an id that does not exist).
CREATE TABLE analytics_page_views (
  id bigserial PRIMARY KEY,
  route text NOT NULL,
  team_id integer,
  team_user_id integer,
  created_at timestamptz NOT NULL DEFAULT now()
);
