-- What several servers on one database check at start, and when something goes missing.
--
-- The fingerprint of the key every server signs tokens with (JWT_SECRET): the first server to start
-- records it, and a server holding another key refuses to start, since behind a load balancer two
-- keys log users out at random (server/src/start/jwt-secret-fingerprint.ts). Never the key itself:
-- an HMAC-SHA256 under the key of a random salt, which tells nothing a signed token does not.
-- One row at most: id can only be true.
CREATE TABLE jwt_secret_fingerprint (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  salt text NOT NULL,
  fingerprint text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- An image whose bytes are missing is looked up by its storage key to tell a lost file (still
-- referenced: a warning) from an old link to a replaced one (not referenced: a plain 404).
CREATE INDEX accounts_avatar_idx ON accounts (avatar) WHERE avatar IS NOT NULL;
CREATE INDEX team_users_avatar_idx ON team_users (avatar) WHERE avatar IS NOT NULL;
CREATE INDEX teams_logo_idx ON teams (logo) WHERE logo IS NOT NULL;
