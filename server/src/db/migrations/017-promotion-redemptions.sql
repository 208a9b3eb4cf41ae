-- Promotion codes are redeemed once per customer (issue 20, decision 017). Stripe has no such
-- restriction on a promotion code (first_time_transaction refuses any customer who ever paid), so the
-- product keeps which provider customer redeemed which promotion code, and refuses it a second time
-- whatever the payment provider is, the built-in sandbox or real Stripe.
CREATE TABLE promotion_redemptions (
  customer_id text NOT NULL,
  promotion_code_id text NOT NULL,
  team_id integer REFERENCES teams (id) ON DELETE SET NULL,
  redeemed_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, promotion_code_id)
);
