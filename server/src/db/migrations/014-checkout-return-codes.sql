-- Issue 20: the login code in a web sign-up's checkout return URLs (one code, in both the success and
-- the cancel URL) is bound to that checkout. It becomes a login only once the checkout has ended
-- (completed, or expired: a return through the cancel URL ends an open one first), and only once.
-- for_checkout marks such a code from its minting; checkout_session_id is set as soon as the checkout
-- exists. A code marked but not yet bound is never a login.
ALTER TABLE auth_codes ADD COLUMN for_checkout boolean NOT NULL DEFAULT false;
ALTER TABLE auth_codes ADD COLUMN checkout_session_id text;

CREATE INDEX auth_codes_checkout_session_id ON auth_codes (checkout_session_id)
  WHERE checkout_session_id IS NOT NULL;
