-- Staff: the people of the company running the console. Only they reach the internal pages (public
-- file upload, the event stream viewer). Granted in the database (the demo data has one), never by a call.
ALTER TABLE accounts ADD COLUMN is_staff boolean NOT NULL DEFAULT false;
