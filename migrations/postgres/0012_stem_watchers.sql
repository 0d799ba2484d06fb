-- Who asked for a track's AutoMix stems (issue 16): their open event streams get the
-- separation's progress, then ready or error (`event: stems` on `GET /api/v1/events`), on
-- whichever instance the request and the stream were served. Written when a user starts
-- AutoMix on the track and when they read its stems while loading; housekeeping removes the
-- rows of stems no longer loading after a day. Timestamps are TIMESTAMPTZ.
CREATE TABLE stem_watchers (
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    watched_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (track_id, user_id)
);
CREATE INDEX stem_watchers_user ON stem_watchers (user_id);
