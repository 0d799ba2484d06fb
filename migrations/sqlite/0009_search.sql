-- Search on a text index: FTS5 over the title, artist, album and genre of every track, its
-- content read from `tracks` (external content, keyed by the rowid of `tracks`) and kept in sync
-- by triggers in the same transaction as the change, whatever inserts the row. Diacritics are
-- removed ('beyonce' finds 'Beyoncé'); prefix indexes of 1 to 6 characters let the last word of
-- a query match as a prefix without merging every term that starts with it.
-- `tracks` has no INTEGER PRIMARY KEY, so a VACUUM could renumber its rowids: after one, run
-- INSERT INTO tracks_search (tracks_search) VALUES ('rebuild').

CREATE VIRTUAL TABLE tracks_search USING fts5 (
    title, artist, album, genre,
    content = 'tracks',
    content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3 4 5 6'
);

CREATE TRIGGER tracks_search_insert AFTER INSERT ON tracks BEGIN
    INSERT INTO tracks_search (rowid, title, artist, album, genre)
    VALUES (new.rowid, new.title, new.artist, new.album, new.genre);
END;

CREATE TRIGGER tracks_search_delete AFTER DELETE ON tracks BEGIN
    INSERT INTO tracks_search (tracks_search, rowid, title, artist, album, genre)
    VALUES ('delete', old.rowid, old.title, old.artist, old.album, old.genre);
END;

CREATE TRIGGER tracks_search_update AFTER UPDATE OF title, artist, album, genre ON tracks BEGIN
    INSERT INTO tracks_search (tracks_search, rowid, title, artist, album, genre)
    VALUES ('delete', old.rowid, old.title, old.artist, old.album, old.genre);
    INSERT INTO tracks_search (rowid, title, artist, album, genre)
    VALUES (new.rowid, new.title, new.artist, new.album, new.genre);
END;

INSERT INTO tracks_search (tracks_search) VALUES ('rebuild');

-- Matches in popularity order, walked backwards from a position (plays, created_at, id).
CREATE INDEX tracks_status_plays ON tracks (status, plays, created_at, id);
-- Exact title or artist matches, the first tier of a search.
CREATE INDEX tracks_title_lower ON tracks (title_lower);
CREATE INDEX tracks_artist_lower ON tracks (artist_lower);
