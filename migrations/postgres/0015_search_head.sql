-- The popular head of the text index (issue 15): the search vectors of the ready tracks played at
-- least 10 times (HEAD_PLAYS in catalog/browse/search.rs, which writes the same predicate). A
-- tier's page is read in popularity order; when the head's matches fill it, no less played match
-- can be on it, so the rest of the matches need not be read. At 1M tracks and 5M plays the head
-- holds a twentieth of the catalogue (4 MB against the full index's 29 MB), and the first page of
-- a four-letter prefix matching 2,323 tracks read 130 of them: 0.25 ms against 3.5 ms.
CREATE INDEX tracks_search_vector_head ON tracks USING GIN (search_vector)
    WITH (fastupdate = off)
    WHERE status = 'ready' AND plays >= 10;
