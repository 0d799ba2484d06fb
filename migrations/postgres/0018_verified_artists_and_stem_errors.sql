-- Issue 27: an artist name that is a verified artist's is theirs. An upload under a name checks
-- whether a verified track has it (its lowercased artist) and whether one of those is the
-- uploader's: both read this index of the verified tracks alone, however many tracks a popular
-- unverified name has.
CREATE INDEX tracks_verified_artist ON tracks (artist_lower, uploaded_by) WHERE verified;

-- A failed separation's message is read by every listener who asks for the stems: it no longer
-- holds what the separator (an external command) wrote, which the server now only logs.
UPDATE track_stems
SET error = 'AutoMix could not separate this track. Please try again later.'
WHERE status = 'error' AND error LIKE 'AutoMix failed:%';
