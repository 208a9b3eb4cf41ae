-- The people who signed in at the sandbox, one row per provider and address: their `sub` is a random
-- id made on first sign-in and kept (as Google's and Microsoft's are), never derived from the person.
CREATE TABLE identity_sandbox_accounts (
  provider text NOT NULL,
  email_key text NOT NULL,
  sub text NOT NULL UNIQUE,
  email text NOT NULL,
  name text NOT NULL,
  -- Microsoft work accounts: whether the person's organisation verified the address's domain (xms_edov).
  domain_verified boolean NOT NULL DEFAULT true,
  PRIMARY KEY (provider, email_key)
);
