-- What Subsonic apps keep beside likes: starred artists and albums (a starred song is a like),
-- ratings of songs, albums and artists, and each user's play queue, which an app saves to go on
-- from another device. Artists and albums are names (an album is an artist's album name,
-- 'Singles' for tracks without one), as the catalog groups them.
CREATE TABLE starred_artists (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist TEXT NOT NULL,
    starred_at TEXT NOT NULL,
    PRIMARY KEY (user_id, artist)
);

CREATE TABLE starred_albums (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist TEXT NOT NULL,
    album TEXT NOT NULL,
    starred_at TEXT NOT NULL,
    PRIMARY KEY (user_id, artist, album)
);

-- A rating from 1 to 5 of the thing a Subsonic id names (a song, an album, an artist).
CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    rated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, item_id)
);

CREATE TABLE play_queues (
    user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    current_track_id TEXT,
    position_ms BIGINT NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
    changed_by TEXT NOT NULL,
    changed_at TEXT NOT NULL
);

CREATE TABLE play_queue_tracks (
    user_id TEXT NOT NULL REFERENCES play_queues (user_id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, position)
);
CREATE INDEX play_queue_tracks_track_id ON play_queue_tracks (track_id);
