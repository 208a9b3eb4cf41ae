-- A replayed idempotent request answers with the id of the request that first used the key
-- (Stripe's Original-Request header). Keys stored before this column have none.
ALTER TABLE stripe_sandbox_idempotency_keys ADD COLUMN request_id text;
