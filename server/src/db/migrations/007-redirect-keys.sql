-- One-time redirect keys (GET /api/v1/redirects/{id}, the console's /back-to-app?key=): a page outside
-- the app (the hosted checkout's return) sends the browser back into the Spark app through a key, so
-- the target never travels in a URL anyone can edit. Only the key's sha256 is kept; each key works
-- once (used_at) and until expires_at. Rows long expired are deleted as new keys are made.
CREATE TABLE redirect_keys (
  key_hash text PRIMARY KEY,
  url text NOT NULL CHECK (url <> ''),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX redirect_keys_expires_at ON redirect_keys (expires_at);
