-- Account takeover defences (issue 27).

-- Ten one-time codes that stand in for a two-factor code, made when the first factor is verified
-- or on request (which voids the old ones). Stored as a MAC under the instance secret.
CREATE TABLE mfa_recovery_codes (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX mfa_recovery_codes_user_code ON mfa_recovery_codes (user_id, code_hash);

-- Client addresses (IPv4, or an IPv6 /64; as a MAC under the instance secret) that signed in to an
-- account: their guesses are counted apart from strangers', so strangers cannot lock the owner out.
CREATE TABLE known_sign_in_clients (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    client TEXT NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, client)
);
CREATE INDEX known_sign_in_clients_last_seen_at ON known_sign_in_clients (last_seen_at);

-- A confirmation mail activates the credentials of the sign-up it was mailed for, and no other.
ALTER TABLE one_time_tokens ADD COLUMN password_hash TEXT;
ALTER TABLE one_time_tokens ADD COLUMN user_metadata TEXT;
