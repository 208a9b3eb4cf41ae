-- The identity sandbox's own tables (its own migrations table, like the Stripe sandbox's).
-- Everything oidc-provider keeps (sessions, interactions, grants, codes, tokens) is one jsonb row per
-- object, so several servers on one database run one provider between them.
CREATE TABLE identity_sandbox_objects (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  uid text,
  grant_id text,
  user_code text,
  expires_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX identity_sandbox_objects_uid ON identity_sandbox_objects (uid);
CREATE INDEX identity_sandbox_objects_grant ON identity_sandbox_objects (grant_id);

-- One row: the signing keys, cookie keys and client secret, made by the first server to start, so
-- every server signs and checks with the same ones.
CREATE TABLE identity_sandbox_keys (
  id integer PRIMARY KEY CHECK (id = 1),
  jwks jsonb NOT NULL,
  cookie_keys jsonb NOT NULL,
  client_secret text NOT NULL
);
