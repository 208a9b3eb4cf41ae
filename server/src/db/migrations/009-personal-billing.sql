-- Personal billing (issue 12): an individual's own plan, beside the team ones. The personal catalogue
-- is data like the team catalogue (synced to the provider at start-up); personal_billing links an
-- account to its provider customer and subscription and holds what the provider cannot know (a plan
-- bought through an app store, whether the one free trial was used).

-- A personal product (spec section 3 'Billing product').
CREATE TABLE personal_billing_products (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]{0,60}$'),
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- A price of a personal product. The id is the provider price's lookup key; an id with a suffix after
-- '--' (personal_premium_365--WELCOME10) is the same provider price sold with that promotion code,
-- whose percentage is coupon_percent_off (the code is made at the provider by the catalogue sync).
CREATE TABLE personal_billing_prices (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9_]{0,60}(--[A-Z0-9]{1,30})?$'),
  product_id text NOT NULL REFERENCES personal_billing_products (id) ON DELETE CASCADE,
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'usd',
  coupon_percent_off integer CHECK (coupon_percent_off > 0 AND coupon_percent_off <= 100),
  position integer NOT NULL DEFAULT 0,
  CHECK ((position('--' IN id) > 0) = (coupon_percent_off IS NOT NULL))
);

-- One row per account that has touched personal billing. customer_id/subscription_id are the
-- account's objects at the provider (subscription: the current live one, written by the sync);
-- checkout_session_id: the last hosted checkout started, reused while open for the same price and
-- closed before another one opens (two tabs can never both subscribe);
-- trial_used: the 14-day trial is once per person, ever. app_store/app_store_period: a premium plan
-- bought through an app store ('apple', 'google'), which the provider never sees.
CREATE TABLE personal_billing (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  customer_id text UNIQUE,
  subscription_id text UNIQUE,
  checkout_session_id text,
  trial_used boolean NOT NULL DEFAULT false,
  app_store text CHECK (app_store IN ('apple', 'google')),
  app_store_period text CHECK (app_store_period IN ('month', 'year')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO personal_billing_products (id, name, position) VALUES
  ('personal_premium', 'Spark Premium', 0);

INSERT INTO personal_billing_prices (id, product_id, billing_interval, amount, coupon_percent_off, position) VALUES
  ('personal_premium_30', 'personal_premium', 'month', 799, NULL, 0),
  ('personal_premium_365', 'personal_premium', 'year', 5999, NULL, 1),
  ('personal_premium_365--WELCOME10', 'personal_premium', 'year', 5999, 10, 2);
