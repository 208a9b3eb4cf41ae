-- Accounts, teams with their settings, memberships (team users), one-time auth codes and
-- refresh-token sessions. Enumerations are CHECK constraints so both PGlite and Postgres enforce them.

CREATE TABLE accounts (
  id serial PRIMARY KEY,
  email text NOT NULL CHECK (email <> '' AND email = btrim(email)),
  full_name text NOT NULL DEFAULT '',
  avatar text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- People type their address in any case; it is still one account.
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));

CREATE TABLE teams (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (btrim(name) <> ''),
  logo text,
  plan text NOT NULL DEFAULT 'basic' CHECK (plan IN ('basic', 'plus', 'premium', 'pro')),
  domain text,
  domain_signups_enabled boolean NOT NULL DEFAULT false,
  trial_status text CHECK (trial_status IN ('in_progress')),
  trial_end_at timestamptz,
  subscription_cancel_at timestamptz,
  payment_provider text CHECK (payment_provider IN ('stripe', 'paddle')),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE team_settings (
  team_id integer PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
  admins_can_assign_admins boolean NOT NULL DEFAULT false,
  admins_can_deactivate boolean NOT NULL DEFAULT false,
  admins_can_delete boolean NOT NULL DEFAULT false
);

-- A membership. Its id is the {uid} of /teams/{tid}-{uid}. account_id is null for an invitee who
-- has no account yet; email and name are the member's as shown in this team.
CREATE TABLE team_users (
  id serial PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  account_id integer REFERENCES accounts (id) ON DELETE SET NULL,
  email text NOT NULL CHECK (email <> ''),
  full_name text NOT NULL DEFAULT '',
  avatar text,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'admin', 'member')),
  status text NOT NULL DEFAULT 'active',
  team_status text NOT NULL DEFAULT 'active' CHECK (team_status IN ('active', 'pending', 'deleted')),
  is_banned boolean NOT NULL DEFAULT false,
  inviter_id integer REFERENCES team_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, account_id)
);
CREATE UNIQUE INDEX team_users_team_email_key ON team_users (team_id, lower(email));
CREATE INDEX team_users_account_idx ON team_users (account_id);

-- One row per issued auth code: the JWT proves who issued it, this row makes it single-use.
CREATE TABLE auth_codes (
  jti text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- One row per refresh token (only its sha256 is kept). Rotation adds a row to the same family;
-- reusing a rotated token after the grace window revokes the whole family.
CREATE TABLE sessions (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  device jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  replaced_by integer REFERENCES sessions (id) ON DELETE SET NULL
);
CREATE INDEX sessions_family_idx ON sessions (family_id);
CREATE INDEX sessions_account_idx ON sessions (account_id);
