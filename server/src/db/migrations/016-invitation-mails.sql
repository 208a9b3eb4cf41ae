-- Invitation mail limits (issue 20, decision 017): one row per invitation mail a team sent (invite,
-- resend, invite after remove), by the address as mailed in lower case. Invite and resend count and
-- add rows under the team's row lock, so every server on one Postgres sees the same count and two
-- calls at once cannot both take the last allowance. Rows older than the window (a day) are deleted
-- by the scheduled cleanup.
CREATE TABLE invitation_mails (
  id bigserial PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  address text NOT NULL,
  sent_at timestamptz NOT NULL
);

CREATE INDEX invitation_mails_team_sent ON invitation_mails (team_id, sent_at);
CREATE INDEX invitation_mails_team_address ON invitation_mails (team_id, address, sent_at);
CREATE INDEX invitation_mails_sent ON invitation_mails (sent_at);
