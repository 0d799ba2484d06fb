-- Search on a text index: a weighted tsvector of every track (title and artist A, album B,
-- genre C), with the `simple` configuration (no stemming, no stop words: names and titles are
-- not prose) and diacritics removed, kept by a trigger in the same transaction as the change,
-- whatever inserts the row, and indexed with GIN.
--
-- Diacritics: `backbeat_unaccent` is the `unaccent` extension when the server has it (it ships
-- with PostgreSQL's contrib); else a documented fallback that folds the common Latin accented
-- letters with translate(), so 'beyonce' still finds 'Beyoncé'.

DO $migration$
DECLARE
    unaccent_schema TEXT;
BEGIN
    BEGIN
        CREATE EXTENSION IF NOT EXISTS unaccent;
    EXCEPTION WHEN OTHERS THEN
        RAISE NOTICE 'unaccent is not available: search folds diacritics with translate()';
    END;
    SELECT extnamespace::regnamespace::text INTO unaccent_schema
    FROM pg_extension WHERE extname = 'unaccent';
    IF unaccent_schema IS NOT NULL THEN
        EXECUTE format(
            'CREATE FUNCTION backbeat_unaccent(TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT '
            'PARALLEL SAFE AS %L',
            format('SELECT %I.unaccent(%L::regdictionary, $1)', unaccent_schema,
                   unaccent_schema || '.unaccent'));
    ELSE
        CREATE FUNCTION backbeat_unaccent(TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE STRICT
        PARALLEL SAFE AS $fallback$
            SELECT translate($1,
                'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŠšŽžŁłŃńŚśŹźŻżĆćĘęĄą',
                'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyySsZzLlNnSsZzZzCcEeAa')
        $fallback$;
    END IF;
END
$migration$;

CREATE FUNCTION backbeat_track_search_vector(title TEXT, artist TEXT, album TEXT, genre TEXT)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT setweight(to_tsvector('simple', backbeat_unaccent(title || ' ' || artist)), 'A')
        || setweight(to_tsvector('simple', backbeat_unaccent(coalesce(album, ''))), 'B')
        || setweight(to_tsvector('simple', backbeat_unaccent(coalesce(genre, ''))), 'C')
$$;

ALTER TABLE tracks ADD COLUMN search_vector tsvector;

CREATE FUNCTION tracks_search_vector_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.search_vector := backbeat_track_search_vector(NEW.title, NEW.artist, NEW.album, NEW.genre);
    RETURN NEW;
END
$$;

CREATE TRIGGER tracks_search_vector
BEFORE INSERT OR UPDATE OF title, artist, album, genre ON tracks
FOR EACH ROW EXECUTE FUNCTION tracks_search_vector_update();

UPDATE tracks SET search_vector = backbeat_track_search_vector(title, artist, album, genre);

CREATE INDEX tracks_search_vector ON tracks USING GIN (search_vector);
-- Matches in popularity order, walked backwards from a position (plays, created_at, id).
CREATE INDEX tracks_status_plays ON tracks (status, plays, created_at, id);
-- Exact title or artist matches, the first tier of a search.
CREATE INDEX tracks_title_lower ON tracks (title_lower);
CREATE INDEX tracks_artist_lower ON tracks (artist_lower);
