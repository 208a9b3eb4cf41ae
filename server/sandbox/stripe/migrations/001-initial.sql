-- The Stripe sandbox's state. Every API object is one jsonb row (data is exactly what the API
-- answers); internal holds what Stripe keeps to itself (a card's number, a pending checkout step).
CREATE TABLE stripe_sandbox_objects (
  id text PRIMARY KEY,
  type text NOT NULL,
  seq bigserial NOT NULL,
  customer text,
  data jsonb NOT NULL,
  internal jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX stripe_sandbox_objects_type ON stripe_sandbox_objects (type, seq);
CREATE INDEX stripe_sandbox_objects_customer ON stripe_sandbox_objects (customer, type);

-- Small named values: the sandbox clock offset, invoice number sequence.
CREATE TABLE stripe_sandbox_state (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE stripe_sandbox_idempotency_keys (
  key text PRIMARY KEY,
  request_fingerprint text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Events in creation order, and one delivery row per (event, destination URL).
CREATE TABLE stripe_sandbox_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  type text NOT NULL,
  created bigint NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX stripe_sandbox_events_type ON stripe_sandbox_events (type, seq);

CREATE TABLE stripe_sandbox_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL,
  endpoint text, -- a webhook_endpoint id, or null for the server's own webhook URL
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  last_error text
);
CREATE INDEX stripe_sandbox_deliveries_pending ON stripe_sandbox_deliveries (id) WHERE delivered_at IS NULL;
