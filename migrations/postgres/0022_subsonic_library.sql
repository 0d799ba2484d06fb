-- What Subsonic apps keep beside likes: starred artists and albums (a starred song is a like),
-- ratings of songs, albums and artists, and each user's play queue, which an app saves to go on
-- from another device. Artists and albums are names (an album is an artist's album name,
-- 'Singles' for tracks without one), as the catalog groups them.
CREATE TABLE starred_artists (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist TEXT NOT NULL,
    starred_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, artist)
);

CREATE TABLE starred_albums (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    artist TEXT NOT NULL,
    album TEXT NOT NULL,
    starred_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, artist, album)
);

-- A rating from 1 to 5 of the thing a Subsonic id names (a song, an album, an artist).
CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    item_id TEXT NOT NULL,
    rating BIGINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
    rated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, item_id)
);

CREATE TABLE play_queues (
    user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    current_track_id TEXT,
    position_ms BIGINT NOT NULL DEFAULT 0 CHECK (position_ms >= 0),
    changed_by TEXT NOT NULL,
    changed_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE play_queue_tracks (
    user_id TEXT NOT NULL REFERENCES play_queues (user_id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    track_id TEXT NOT NULL REFERENCES tracks (id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, position)
);
CREATE INDEX play_queue_tracks_track_id ON play_queue_tracks (track_id);

-- The albums Subsonic apps list and sync: an artist's ready tracks of one album name ('Singles'
-- for tracks without one, as the catalog groups them), kept up to date by the trigger below in
-- the transaction that changes a track, so a page of albums never groups every track. The
-- first and newest upload times only grow: an album whose tracks were deleted keeps them.
CREATE TABLE album_totals (
    artist TEXT NOT NULL,
    album TEXT NOT NULL,
    track_count BIGINT NOT NULL,
    total_plays BIGINT NOT NULL,
    duration_secs BIGINT NOT NULL,
    cover_count BIGINT NOT NULL,
    first_created_at TIMESTAMPTZ NOT NULL,
    newest_created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (artist, album)
);
CREATE INDEX album_totals_album ON album_totals (album, artist);
CREATE INDEX album_totals_newest ON album_totals (newest_created_at, artist, album);
CREATE INDEX album_totals_plays ON album_totals (total_plays, artist, album);
INSERT INTO album_totals (artist, album, track_count, total_plays, duration_secs, cover_count,
                          first_created_at, newest_created_at)
SELECT artist, COALESCE(album, 'Singles'), COUNT(*), COALESCE(SUM(plays), 0),
       COALESCE(SUM(duration_secs), 0), COUNT(cover_key), MIN(created_at), MAX(created_at)
FROM tracks WHERE status = 'ready' GROUP BY artist, COALESCE(album, 'Singles');

CREATE FUNCTION tracks_album_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.status = 'ready' THEN
            UPDATE album_totals SET
                track_count = track_count - 1,
                total_plays = total_plays - OLD.plays,
                duration_secs = duration_secs - OLD.duration_secs,
                cover_count = cover_count - CASE WHEN OLD.cover_key IS NULL THEN 0 ELSE 1 END
            WHERE artist = OLD.artist AND album = COALESCE(OLD.album, 'Singles');
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.status = 'ready' THEN
            INSERT INTO album_totals AS a (artist, album, track_count, total_plays,
                                           duration_secs, cover_count, first_created_at,
                                           newest_created_at)
            VALUES (NEW.artist, COALESCE(NEW.album, 'Singles'), 1, NEW.plays, NEW.duration_secs,
                    CASE WHEN NEW.cover_key IS NULL THEN 0 ELSE 1 END, NEW.created_at,
                    NEW.created_at)
            ON CONFLICT (artist, album) DO UPDATE SET
                track_count = a.track_count + 1,
                total_plays = a.total_plays + EXCLUDED.total_plays,
                duration_secs = a.duration_secs + EXCLUDED.duration_secs,
                cover_count = a.cover_count + EXCLUDED.cover_count,
                first_created_at = LEAST(a.first_created_at, EXCLUDED.first_created_at),
                newest_created_at = GREATEST(a.newest_created_at, EXCLUDED.newest_created_at);
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER tracks_album_totals
AFTER INSERT OR DELETE OR UPDATE OF status, plays, artist, album, duration_secs, cover_key ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_album_totals();
