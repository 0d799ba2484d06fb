-- Issue 30: offline listening.

-- What a listener may keep downloaded: one row per user and track, with the track's length when
-- it was granted (a plan's allowance is a sum of these; a downgrade ends the newest first). A
-- grant goes with the account and with the track.
CREATE TABLE offline_grants (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    duration_secs BIGINT NOT NULL CHECK (duration_secs >= 0),
    granted_at TEXT NOT NULL,
    PRIMARY KEY (user_id, track_id)
);
-- A deleted track's grants go with it.
CREATE INDEX offline_grants_track_id ON offline_grants (track_id);

-- Plays made offline, by the id the app gave each: a play sent again answers its first outcome
-- and changes nothing. `history_id` is the listening history row of a recorded play (null when
-- refused, or once the row is gone with its track).
CREATE TABLE offline_plays (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    play_id TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('counted', 'recorded', 'refused')),
    reason TEXT CHECK (reason IN ('too_old', 'in_the_future', 'not_found')),
    history_id TEXT REFERENCES listening_history (id) ON DELETE SET NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (user_id, play_id)
);
-- A history row deleted with its track clears its reference here.
CREATE INDEX offline_plays_history_id ON offline_plays (history_id);
