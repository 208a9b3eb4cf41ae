-- Team billing (issue 9): the plan catalogue and the tax table as data the operator can change, the
-- link from a team to its payment provider's customer and subscription, processed webhook events and
-- free-upgrade requests. The provider holds the truth about money; these rows say which of its
-- objects belong to which team.

-- A plan (spec section 3 'Plan/product'). Limits: 0 means unlimited (storage, drafts, templates,
-- delegations); storage in GB. `offered` plans can be bought; a legacy plan (premium) is kept for the
-- teams already on it. `position` orders the columns of the plan table.
CREATE TABLE billing_products (
  code text PRIMARY KEY CHECK (code IN ('basic', 'plus', 'premium', 'pro')),
  title text NOT NULL,
  position integer NOT NULL,
  offered boolean NOT NULL DEFAULT true,
  storage_lim integer NOT NULL DEFAULT 0,
  storage_lim_per_user integer NOT NULL DEFAULT 0,
  drafts_lim integer NOT NULL DEFAULT 0,
  templates_lim integer NOT NULL DEFAULT 0,
  can_use_shared_inboxes boolean NOT NULL DEFAULT false,
  can_use_link_auth boolean NOT NULL DEFAULT false,
  delegations_lim integer NOT NULL DEFAULT 0,
  can_use_roles boolean NOT NULL DEFAULT false,
  support text NOT NULL DEFAULT '',
  show_free_upgrade boolean NOT NULL DEFAULT false,
  free_upgrade_text text,
  success_text text
);

-- A price of a plan: id '<code>_30' (monthly) or '<code>_365' (annual), per seat per interval, in
-- cents. The same id is the provider price's lookup key, so the catalogue is matched by name.
CREATE TABLE billing_prices (
  id text PRIMARY KEY CHECK (id ~ '^[a-z]+_(30|365)$'),
  product_code text NOT NULL REFERENCES billing_products (code) ON DELETE CASCADE,
  billing_interval text NOT NULL CHECK (billing_interval IN ('month', 'year')),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL DEFAULT 'usd'
);

-- Sales tax / VAT by the customer's country, in percent. A business in the EU with a VAT id pays no
-- VAT (reverse charge, see server/src/billing/tax.ts). provider_tax_rate_id caches the provider's
-- tax-rate object made for this row.
CREATE TABLE billing_tax_rates (
  country text PRIMARY KEY CHECK (country ~ '^[A-Z]{2}$'),
  percent numeric(5, 2) NOT NULL CHECK (percent >= 0 AND percent < 100),
  display_name text NOT NULL DEFAULT 'VAT',
  provider_tax_rate_id text
);

-- A team's objects at its payment provider. subscription_id is the current subscription (trialing,
-- active, past due or incomplete); checkout_session_id the last hosted checkout started, read when the
-- owner comes back before the webhook; trial_used: a team gets the 14-day trial once.
CREATE TABLE team_billing (
  team_id integer PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  customer_id text UNIQUE,
  subscription_id text UNIQUE,
  checkout_session_id text,
  -- The team's customer at the second provider (Paddle), set by the operator when a team pays there.
  paddle_customer_id text UNIQUE,
  trial_used boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Webhook events done (by the provider's event id): a redelivery is answered 200 and not done again.
CREATE TABLE billing_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- One free-upgrade request per team and plan; the operator is mailed once.
CREATE TABLE billing_free_upgrade_requests (
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  product_code text NOT NULL REFERENCES billing_products (code) ON DELETE CASCADE,
  team_user_id integer REFERENCES team_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, product_code)
);

INSERT INTO billing_products (code, title, position, offered, storage_lim, storage_lim_per_user, drafts_lim,
  templates_lim, can_use_shared_inboxes, can_use_link_auth, delegations_lim, can_use_roles, support,
  show_free_upgrade, free_upgrade_text, success_text) VALUES
  ('basic', 'Basic', 0, true, 5, 0, 5, 0, false, false, 1, false, 'Help center', false, NULL, NULL),
  ('plus', 'Plus', 1, true, 0, 25, 0, 20, true, true, 5, true, 'Email support', false, NULL,
   'Shared inboxes, templates and link sharing are on for everyone in your team.'),
  ('premium', 'Premium', 2, false, 0, 100, 0, 0, true, true, 0, true, 'Priority support', false, NULL,
   'Every Premium feature is on for everyone in your team.'),
  ('pro', 'Pro', 3, true, 0, 0, 0, 0, true, true, 0, true, 'Priority support and onboarding', true,
   'Nonprofit or education? Request a free upgrade',
   'Every Pro feature is on for everyone in your team.');

INSERT INTO billing_prices (id, product_code, billing_interval, amount) VALUES
  ('basic_30', 'basic', 'month', 0),
  ('basic_365', 'basic', 'year', 0),
  ('plus_30', 'plus', 'month', 500),
  ('plus_365', 'plus', 'year', 4800),
  ('premium_30', 'premium', 'month', 800),
  ('premium_365', 'premium', 'year', 7999),
  ('pro_30', 'pro', 'month', 1200),
  ('pro_365', 'pro', 'year', 11500);

-- Standard VAT rates of the EU members and the UK (percent).
INSERT INTO billing_tax_rates (country, percent) VALUES
  ('AT', 20), ('BE', 21), ('BG', 20), ('CY', 19), ('CZ', 21), ('DE', 19), ('DK', 25), ('EE', 24),
  ('ES', 21), ('FI', 25.5), ('FR', 20), ('GR', 24), ('HR', 25), ('HU', 27), ('IE', 23), ('IT', 22),
  ('LT', 21), ('LU', 17), ('LV', 21), ('MT', 18), ('NL', 21), ('PL', 23), ('PT', 23), ('RO', 21),
  ('SE', 25), ('SI', 22), ('SK', 23), ('GB', 20);
