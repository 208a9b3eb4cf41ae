-- Cleanup (issue 14): a rate-limit counter row says when its window ends, so the scheduled cleanup
-- deletes exactly the rows whose window is over, whatever the limit's length. Rows written before this
-- migration have no end: the cleanup treats them as ending a day after they started (no limit is
-- longer than an hour).
ALTER TABLE rate_limit_counters ADD COLUMN window_end timestamptz;
CREATE INDEX rate_limit_counters_window_end ON rate_limit_counters (window_end);
