-- Who a Google or Microsoft sign-in is (OIDC Core 5.7): the issuer and its `sub`, never the address,
-- which a person may change at the provider and which another person may hold later. A sign-in finds
-- its account here first; an address links a new identity to an account only when the provider vouched
-- for it. `email` is the address the provider last sent, kept for support; the account's own address
-- does not follow it.
CREATE TABLE account_identities (
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  issuer text NOT NULL CHECK (issuer <> ''),
  subject text NOT NULL CHECK (subject <> ''),
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject),
  -- One identity per issuer and account: another `sub` at the same issuer is another person.
  UNIQUE (account_id, issuer)
);
