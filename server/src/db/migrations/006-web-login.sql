-- Web sign-up and sign-in (issue 11): one-time sign-in links mailed to an address, and the state of
-- OpenID Connect sign-ins in flight. Both live in the database, not in a process's memory, so any
-- server behind one address can finish what another started. Secrets are kept as sha256 only.

-- A mailed sign-in link: the key goes into the mail, only its hash is kept; single use, expiring.
-- The target (destination, plan, team) is what the visitor chose on /web-login.
CREATE TABLE web_login_links (
  key_hash text PRIMARY KEY,
  email text NOT NULL CHECK (email <> ''),
  destination text NOT NULL,
  team_plan_id text NOT NULL,
  team_id integer,
  device jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX web_login_links_expires_at ON web_login_links (expires_at);

-- An OAuth sign-in between the authorisation redirect and its callback: the state (hashed), the PKCE
-- code verifier and the nonce the ID token must carry. Single use, expiring.
CREATE TABLE web_login_oauth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('google', 'microsoft')),
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  destination text NOT NULL,
  team_plan_id text NOT NULL,
  team_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX web_login_oauth_states_expires_at ON web_login_oauth_states (expires_at);
