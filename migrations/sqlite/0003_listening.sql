-- Listening: likes, playlists, listening history (every playback start, and whether it was
-- counted), and the featured playlist of a profile.
-- Timestamps are fixed-width RFC 3339 UTC text (see src/db/timestamp.rs).

CREATE TABLE liked_tracks (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, track_id)
);
CREATE INDEX liked_tracks_user_created ON liked_tracks (user_id, created_at);
CREATE INDEX liked_tracks_track_id ON liked_tracks (track_id);

CREATE TABLE playlists (
    id TEXT NOT NULL PRIMARY KEY,
    created_by TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX playlists_created_by ON playlists (created_by, created_at);

-- A track is in a playlist at most once; `position` orders it (gaps allowed).
CREATE TABLE playlist_tracks (
    playlist_id TEXT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    added_at TEXT NOT NULL,
    PRIMARY KEY (playlist_id, track_id)
);
CREATE INDEX playlist_tracks_position ON playlist_tracks (playlist_id, position);
CREATE INDEX playlist_tracks_track_id ON playlist_tracks (track_id);

-- One row per playback start by a signed-in listener. `counted` says whether it raised the
-- track's play count (not the uploader's own, at most once per listener and track per window).
CREATE TABLE listening_history (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    listened_at TEXT NOT NULL,
    counted BOOLEAN NOT NULL
);
CREATE INDEX listening_history_user_listened ON listening_history (user_id, listened_at);
CREATE INDEX listening_history_user_track ON listening_history (user_id, track_id, listened_at);
CREATE INDEX listening_history_track_user ON listening_history (track_id, user_id);

-- SQLite allows a REFERENCES clause on an added column because its default is NULL.
ALTER TABLE profiles ADD COLUMN featured_playlist_id TEXT REFERENCES playlists (id) ON DELETE SET NULL;
CREATE INDEX profiles_featured_playlist_id ON profiles (featured_playlist_id);
