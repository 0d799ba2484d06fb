-- A failed separation's message is read by every listener who asks for the stems: it no longer
-- holds what the separator (an external command) wrote, which the server now only logs.
UPDATE track_stems
SET error = 'AutoMix could not separate this track. Please try again later.'
WHERE status = 'error' AND error LIKE 'AutoMix failed:%';
