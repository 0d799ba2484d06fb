-- Catalog: tracks and their renditions, and the durable job queue that processes uploads.
-- Timestamps are fixed-width RFC 3339 UTC text (see src/db/timestamp.rs).

CREATE TABLE tracks (
    id TEXT NOT NULL PRIMARY KEY,
    uploaded_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    artist TEXT NOT NULL,
    album TEXT,
    genre TEXT,
    -- Lowercased in Rust (unicode-aware): title and artist for exact matches, all four fields
    -- for substring search.
    title_lower TEXT NOT NULL,
    artist_lower TEXT NOT NULL,
    search_text TEXT NOT NULL,
    duration_secs BIGINT NOT NULL,
    plays BIGINT NOT NULL DEFAULT 0,
    verified BOOLEAN NOT NULL DEFAULT FALSE,
    -- processing | ready | failed
    status TEXT NOT NULL,
    failure_reason TEXT,
    audio_key TEXT NOT NULL,
    audio_content_type TEXT NOT NULL,
    audio_size_bytes BIGINT NOT NULL,
    lossless_source BOOLEAN NOT NULL,
    cover_key TEXT,
    cover_large_key TEXT,
    -- JSON array of waveform peaks (0-255), set when processed.
    peaks TEXT,
    loudness_lufs REAL,
    true_peak_dbtp REAL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX tracks_status_created ON tracks (status, created_at, id);
CREATE INDEX tracks_uploaded_by_created ON tracks (uploaded_by, created_at);
CREATE INDEX tracks_artist ON tracks (artist);
CREATE INDEX tracks_album ON tracks (album);

CREATE TABLE renditions (
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    -- standard | high | lossless
    quality TEXT NOT NULL,
    media_key TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (track_id, quality)
);

CREATE TABLE jobs (
    id TEXT NOT NULL PRIMARY KEY,
    kind TEXT NOT NULL,
    -- JSON text
    payload TEXT NOT NULL,
    -- queued | running | done | failed
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    run_after TEXT NOT NULL,
    locked_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX jobs_status_run_after ON jobs (status, run_after);
CREATE INDEX jobs_created_at ON jobs (created_at);
