-- Scale-out (issue 16): what several nodes on one database must share.

-- The node that claimed a job last (`BACKBEAT_NODE_ID`): with `locked_until`, who holds a
-- running job, for operators (`backbeat jobs`) and the logs.
ALTER TABLE jobs ADD COLUMN locked_by TEXT;

-- Rate limits every node counts against (GCRA): one row per limited key (a MAC of it under
-- the instance secret, never the address or email itself), holding its theoretical arrival
-- time in Unix milliseconds. A row whose time has passed is the same as no row; housekeeping
-- deletes those.
CREATE TABLE rate_limits (
    bucket TEXT NOT NULL PRIMARY KEY,
    tat_ms BIGINT NOT NULL
);

-- The fingerprints of the secrets the nodes of this database use (a hash that reveals
-- nothing of the secret), recorded by the first node to start: on PostgreSQL a node whose
-- secrets differ refuses to start (SQLite's one process records its new ones).
-- `backbeat keys adopt` replaces them on purpose.
CREATE TABLE key_fingerprints (
    name TEXT NOT NULL PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
