-- Public files: large files staff share by a link (/public-files/{key}?s={secret}). The bytes live in
-- the public-file store (DATA_DIR/public-files, or an object store), never in the database; a row is
-- written only after the bytes are durable, so a half-finished upload is never visible. The link's
-- secret is kept only as its sha256.
CREATE TABLE public_files (
  key text PRIMARY KEY,
  secret_hash bytea NOT NULL,
  name text NOT NULL,
  mime_type text NOT NULL,
  size bigint NOT NULL,
  storage_key text NOT NULL,
  preview_storage_key text,
  preview_mime_type text,
  preview_size bigint,
  sender text NOT NULL,
  uploaded_by integer REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Set by the uploader's DELETE: the link then says 'deleted' (the bytes go at once).
  deleted_at timestamptz,
  -- Set when the cleanup removed the bytes of an expired file; the row stays so the link says 'expired'.
  purged_at timestamptz
);

-- The cleanup's scan: expired files whose bytes are still stored.
CREATE INDEX public_files_unpurged_expiry ON public_files (expires_at) WHERE purged_at IS NULL;
