-- What Paddle's notifications API tells of a delivery: a replay is a delivery of its own
-- (origin 'replay'), and the original records when it was replayed.
ALTER TABLE paddle_sandbox_deliveries ADD COLUMN origin text NOT NULL DEFAULT 'event';
ALTER TABLE paddle_sandbox_deliveries ADD COLUMN last_attempt_at timestamptz;
ALTER TABLE paddle_sandbox_deliveries ADD COLUMN replayed_at timestamptz;
-- A worker's claim: until then no other server (or pass) takes the row, even when told to ignore
-- the backoff; a server that dies mid-POST leaves it to be taken once the lease ends.
ALTER TABLE paddle_sandbox_deliveries ADD COLUMN leased_until timestamptz;

-- Customer portal sessions: only a hash of each URL's token is kept, so a database dump opens no
-- portal; each token ends at expires_at.
CREATE TABLE paddle_sandbox_portal_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL,
  customer_id text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Paddle's notification logs: one row per delivery attempt, with what the destination answered.
CREATE TABLE paddle_sandbox_delivery_logs (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  delivery_id text NOT NULL,
  response_code integer NOT NULL,
  response_content_type text,
  response_body text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX paddle_sandbox_delivery_logs_delivery ON paddle_sandbox_delivery_logs (delivery_id, seq);
