-- The sandbox's keys, made by the first process that starts on this database and used by every other:
-- behind a load balancer the Stripe.js stand-in's publishable key, the SDK's secret key and the webhook
-- signatures must be good on whichever server a request lands. A data reset keeps this one row.
CREATE TABLE stripe_sandbox_keys (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  secret_key text NOT NULL,
  publishable_key text NOT NULL,
  webhook_secret text NOT NULL
);
