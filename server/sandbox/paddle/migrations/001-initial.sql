-- The Paddle sandbox's state. Every API entity is one jsonb row (data is exactly what the API
-- answers, snake_case); internal holds what Paddle keeps to itself (a card's number, a 3-D Secure step).
CREATE TABLE paddle_sandbox_entities (
  id text PRIMARY KEY,
  type text NOT NULL,
  seq bigserial NOT NULL,
  customer_id text,
  data jsonb NOT NULL,
  internal jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX paddle_sandbox_entities_type ON paddle_sandbox_entities (type, seq);
CREATE INDEX paddle_sandbox_entities_customer ON paddle_sandbox_entities (customer_id, type);

-- Small named values: the sandbox clock offset, the invoice number sequence.
CREATE TABLE paddle_sandbox_state (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

-- Events in creation order, and one delivery row per (event, notification setting).
CREATE TABLE paddle_sandbox_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  event_type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX paddle_sandbox_events_type ON paddle_sandbox_events (event_type, seq);

CREATE TABLE paddle_sandbox_deliveries (
  id text PRIMARY KEY, -- the notification id, ntf_...
  seq bigserial NOT NULL,
  event_id text NOT NULL,
  setting_id text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX paddle_sandbox_deliveries_pending ON paddle_sandbox_deliveries (seq) WHERE delivered_at IS NULL;

-- The sandbox's keys, made by the first process that starts on this database and used by every
-- other: behind a load balancer the API key, the client token and the webhook signatures must be
-- good on whichever server a request lands. A data reset keeps this one row.
CREATE TABLE paddle_sandbox_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  api_key text NOT NULL,
  client_token text NOT NULL,
  webhook_secret text NOT NULL,
  notification_setting_id text NOT NULL
);
