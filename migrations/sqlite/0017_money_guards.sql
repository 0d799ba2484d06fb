-- Issue 27: plays that cannot be farmed, and one live subscription per user.

-- A listener's latest counted play (issue 27: a play counts only if the listener's previous
-- counted play started at least BACKBEAT_MIN_SECS_BETWEEN_COUNTED_PLAYS earlier, or that
-- track's length if shorter). Read at every play report; the partial index finds it at once
-- however many uncounted reports (skips, repeats, the uploader's own) came after it.
CREATE INDEX listening_history_user_counted ON listening_history (user_id, listened_at)
    WHERE counted;

-- When the provider made the subscription (its `created`, from its events): which of a user's
-- active subscriptions is the newest, whatever order their events arrive in. The older ones are
-- cancelled at the provider and the plan follows the newest.
ALTER TABLE subscriptions ADD COLUMN started_at TEXT;
