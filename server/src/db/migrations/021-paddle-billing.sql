-- A team's subscription at Paddle (the second provider), beside its customer there, and the time of
-- the last Paddle event applied to the team: an event older than that (Paddle does not promise order)
-- changes nothing.
ALTER TABLE team_billing ADD COLUMN paddle_subscription_id text UNIQUE;
ALTER TABLE team_billing ADD COLUMN paddle_event_at timestamptz;

-- Paddle webhook events taken (by Paddle's event id), in the same transaction as their effect: a
-- redelivery or a replay finds its row and changes nothing.
CREATE TABLE paddle_events_taken (
  event_id text PRIMARY KEY,
  event_type text NOT NULL,
  taken_at timestamptz NOT NULL DEFAULT now()
);
