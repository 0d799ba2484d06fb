-- AutoMix (issue 14; DECISIONS.md, "AutoMix (stems)"): a track's vocals and accompaniment,
-- separated once by a background job and shared by every listener, and the separations each
-- user started (the per-user limit counts them).
-- Timestamps are fixed-width RFC 3339 UTC text (see src/db/timestamp.rs).

-- A track's stems. No row is the state `none`; `loading` while its job runs (`progress` in
-- whole percent), `ready` when its renditions are recorded, `error` with the message. `run_id`
-- names the run the row belongs to (its job's payload): a job writes only its own run.
CREATE TABLE track_stems (
    track_id TEXT NOT NULL PRIMARY KEY REFERENCES tracks (id) ON DELETE CASCADE,
    status TEXT NOT NULL CHECK (status IN ('loading', 'ready', 'error')),
    progress BIGINT NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    error TEXT,
    run_id TEXT NOT NULL,
    requested_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- The encoded files of each stem, one per streamed quality (standard and high MP3, lossless
-- FLAC when the track's upload was lossless), written when the stems become ready.
CREATE TABLE stem_renditions (
    track_id TEXT NOT NULL REFERENCES track_stems (track_id) ON DELETE CASCADE,
    stem TEXT NOT NULL CHECK (stem IN ('vocals', 'accompaniment')),
    -- standard | high | lossless
    quality TEXT NOT NULL,
    media_key TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (track_id, stem, quality)
);

-- Every separation a user started (not the requests answered with existing stems): the
-- per-user limit counts the last 24 hours of these.
CREATE TABLE stem_requests (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    track_id TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX stem_requests_user_created ON stem_requests (user_id, created_at);
