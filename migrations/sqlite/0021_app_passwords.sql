-- App passwords: what Subsonic apps sign in with in place of the account's password. Token
-- authentication (t = md5(password + salt)) needs the password itself, so it is kept sealed
-- (ChaCha20-Poly1305 under a key derived from the instance secret), never hashed; `lookup` is a
-- MAC of it under the instance secret, which finds the row of an `apiKey` without opening any.
-- `last_used_at` moves at most once a minute.
CREATE TABLE app_passwords (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    sealed TEXT NOT NULL,
    lookup TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT
);
CREATE INDEX app_passwords_user_created ON app_passwords (user_id, created_at, id);
