-- Retried writes (issue 14, chaos): the console sends an Idempotency-Key with every write and keeps it
-- over its retries (spec section 8: 5 x 2 s on a network failure or a 5xx). A retry whose first try
-- was applied by the server but whose answer was lost gets the first answer again instead of a second
-- change. One row per caller and key: what was asked (a fingerprint) and, once done, what was answered.
CREATE TABLE idempotency_keys (
  scope text PRIMARY KEY,
  fingerprint text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  content_type text,
  body text
);

CREATE INDEX idempotency_keys_started_at ON idempotency_keys (started_at);

-- An auth code's answer holds a refresh token, which is never stored in the clear; so a retried
-- exchange is recognised by the hash of the key it was first spent with, and opens a session again.
ALTER TABLE auth_codes ADD COLUMN redeem_key_hash text;

-- An invitation's mail goes out after its transaction commits. A process killed in between left a
-- pending member nobody mailed, and the resend throttle kept the owner from mailing for an hour (found
-- by the crash harness). mail_due is set with each new key and cleared once its mail is sent (or has
-- failed, which lifts the throttle); a due row whose sender died is mailed again by the server.
ALTER TABLE team_invitations ADD COLUMN mail_due boolean NOT NULL DEFAULT false;
