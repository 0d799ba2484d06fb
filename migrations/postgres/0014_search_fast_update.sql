-- Search reads the text index directly (issue 15). GIN's "fast update" collects new entries in
-- a pending list, unsorted, until it holds gin_pending_list_limit (4 MB) or a vacuum merges it;
-- every search reads all of that list. A catalogue where each play rewrites its track's row
-- (the play count is indexed) refills it between merges, and autovacuum may be off: at 1M
-- tracks a 2 MB list made a search for an artist's name take 16 ms in the index alone, against
-- 0.4 ms merged. New entries now go to their place in the index as they are written, and what
-- is pending is merged here.
ALTER INDEX tracks_search_vector SET (fastupdate = off);
SELECT gin_clean_pending_list('tracks_search_vector'::regclass);
