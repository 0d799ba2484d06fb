-- Issue 28: playlists for others. A playlist is private (only its owner opens it, as before) or
-- public (any signed-in user opens, plays and follows it).
ALTER TABLE playlists ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private'
    CHECK (visibility IN ('private', 'public'));

-- Who follows which public playlist. A follow goes with the playlist (deleted, or made private
-- again) and with the follower's account.
CREATE TABLE playlist_follows (
    follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    playlist_id TEXT NOT NULL REFERENCES playlists (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (follower_id, playlist_id)
);
-- A follower's library lists their follows newest first, a page at a time.
CREATE INDEX playlist_follows_follower_created ON playlist_follows (follower_id, created_at, playlist_id);
-- A playlist's follower count, and its follows removed when it is made private.
CREATE INDEX playlist_follows_playlist_id ON playlist_follows (playlist_id);
