-- The recommender's item-item neighbours, folded in by the `update_neighbours` job (never on a
-- request). Scores are sums of time-decayed co-occurrences: each co-listen or co-like adds
-- 2^((t - 2025-01-01) / half-life), so a newer event weighs more and old rows never need
-- rewriting; ranking within a track, and ratios between tracks, are what the reader uses.
CREATE TABLE track_neighbours (
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    neighbour_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    score DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (track_id, neighbour_id)
);
-- The top neighbours of a track, best first; and the cascade from a deleted neighbour.
CREATE INDEX track_neighbours_track_score ON track_neighbours (track_id, score);
CREATE INDEX track_neighbours_neighbour ON track_neighbours (neighbour_id);

-- The time-decayed number of listens and likes of each track that the job folded in (the norm
-- of the cosine similarity between two tracks).
CREATE TABLE track_signal_weights (
    track_id TEXT NOT NULL PRIMARY KEY REFERENCES tracks (id) ON DELETE CASCADE,
    weight DOUBLE PRECISION NOT NULL
);

-- How far the job got: the last listening-history id folded in (ids are time-ordered UUIDv7),
-- and the last like by (created_at, user_id, track_id). One row.
CREATE TABLE recommendation_progress (
    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    history_id TEXT NOT NULL,
    like_at TIMESTAMPTZ NOT NULL,
    like_user TEXT NOT NULL,
    like_track TEXT NOT NULL
);
INSERT INTO recommendation_progress (id, history_id, like_at, like_user, like_track)
VALUES (1, '', '1970-01-01T00:00:00Z', '', '');

-- New likes in the order the job folds them in.
CREATE INDEX liked_tracks_created ON liked_tracks (created_at, user_id, track_id);
-- Popular ready tracks of one genre (case-insensitive), most played first.
CREATE INDEX tracks_ready_genre_plays ON tracks (LOWER(genre), plays, created_at, id)
    WHERE status = 'ready';
-- Popular ready tracks of one artist, most played first, are read from tracks_artist_ready
-- (artist, status, plays, created_at, id), made for the artist page in 0011.
