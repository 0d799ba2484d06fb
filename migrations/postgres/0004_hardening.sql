-- Wrong answers to a mailed code or a two-factor challenge: the code is burnt after 5.
ALTER TABLE one_time_tokens ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mfa_challenges ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;

-- A session started by a password-recovery link may set a new password without the current one
-- until this moment (and only once).
ALTER TABLE auth_sessions ADD COLUMN recovery_until TIMESTAMPTZ;

-- A monthly upload slot held while an upload is checked, so the expensive checks of uploads that
-- could never be recorded do not run. Taken by the track's insert, released on failure, and void
-- after `expires_at` (a process that died mid-upload).
CREATE TABLE upload_reservations (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX upload_reservations_user_id ON upload_reservations (user_id, expires_at);
