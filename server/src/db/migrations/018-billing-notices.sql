-- Billing notices (issue 21): mail the product sends about a subscription, at most once each. The key
-- names what the notice is about ('trial-ending:sub_123', 'dropped-to-basic:42:sub_123'), so a webhook
-- delivered twice, or two servers handling it, send one mail. A notice whose mail failed is released
-- (the row deleted) and the provider's retry of the webhook sends it again.
CREATE TABLE billing_notices (
  key text PRIMARY KEY,
  sent_at timestamptz NOT NULL DEFAULT now()
);
