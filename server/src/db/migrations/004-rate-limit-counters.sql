-- Rate-limit counters live here, not in a process's memory, so every server behind one address counts
-- the same hits (issue 13). One row per limiter key: the window it is in (started by its first hit,
-- on the app's clock) and the hits counted in it. Rows of windows long over are deleted as they go.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL
);

CREATE INDEX rate_limit_counters_window_start ON rate_limit_counters (window_start);
