-- Pages without scans at a million tracks.
--
-- The waveform (about 3 KB of JSON) lives beside the track row, not in it: a track row stays a
-- few hundred bytes, so reading tracks through an index reads few pages.
CREATE TABLE track_waveforms (
    track_id TEXT NOT NULL PRIMARY KEY REFERENCES tracks (id) ON DELETE CASCADE,
    -- JSON array of waveform peaks (0-255).
    peaks TEXT NOT NULL
);
INSERT INTO track_waveforms (track_id, peaks) SELECT id, peaks FROM tracks WHERE peaks IS NOT NULL;
ALTER TABLE tracks DROP COLUMN peaks;

-- What the artist page's header says about an artist's ready tracks, kept up to date by the
-- trigger below in the transaction that changes a track (processed, counted play, verified,
-- deleted), so the page never adds up the artist's tracks.
CREATE TABLE artist_totals (
    artist TEXT NOT NULL PRIMARY KEY,
    track_count BIGINT NOT NULL,
    total_plays BIGINT NOT NULL,
    verified_count BIGINT NOT NULL
);
INSERT INTO artist_totals (artist, track_count, total_plays, verified_count)
SELECT artist, COUNT(*), COALESCE(SUM(plays), 0), COUNT(CASE WHEN verified THEN 1 END)
FROM tracks WHERE status = 'ready' GROUP BY artist;

CREATE FUNCTION tracks_artist_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        IF OLD.status = 'ready' THEN
            UPDATE artist_totals SET
                track_count = track_count - 1,
                total_plays = total_plays - OLD.plays,
                verified_count = verified_count - CASE WHEN OLD.verified THEN 1 ELSE 0 END
            WHERE artist = OLD.artist;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.status = 'ready' THEN
            INSERT INTO artist_totals AS a (artist, track_count, total_plays, verified_count)
            VALUES (NEW.artist, 1, NEW.plays, CASE WHEN NEW.verified THEN 1 ELSE 0 END)
            ON CONFLICT (artist) DO UPDATE SET
                track_count = a.track_count + 1,
                total_plays = a.total_plays + EXCLUDED.total_plays,
                verified_count = a.verified_count + EXCLUDED.verified_count;
        END IF;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER tracks_artist_totals
AFTER INSERT OR DELETE OR UPDATE OF status, plays, verified, artist ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_artist_totals();

-- Up Next (same artist or same album, most played first) and the artist's top tracks read these
-- in order; they replace the single-column indexes on artist and album.
CREATE INDEX tracks_artist_ready ON tracks (artist, status, plays, created_at, id);
CREATE INDEX tracks_album_ready ON tracks (album, status, plays, created_at, id);
DROP INDEX IF EXISTS tracks_artist;
DROP INDEX IF EXISTS tracks_album;
