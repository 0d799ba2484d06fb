-- Accounts: GoTrue-compatible users, sessions, rotating refresh tokens, TOTP factors, one-time
-- email tokens, and the public side of a user: profiles and follows.
-- Timestamps are fixed-width RFC 3339 UTC text (see src/db/timestamp.rs).

CREATE TABLE users (
    id TEXT NOT NULL PRIMARY KEY,
    identity_id TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL UNIQUE,
    encrypted_password TEXT NOT NULL,
    user_metadata TEXT NOT NULL DEFAULT '{}',
    email_confirmed_at TEXT,
    confirmation_sent_at TEXT,
    recovery_sent_at TEXT,
    last_sign_in_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE auth_sessions (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    aal TEXT NOT NULL,
    amr TEXT NOT NULL,
    factor_id TEXT,
    user_agent TEXT,
    ip TEXT,
    refreshed_at TEXT,
    not_after TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX auth_sessions_user_id ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
    id TEXT NOT NULL PRIMARY KEY,
    session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    parent_id TEXT,
    revoked BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX refresh_tokens_session_id ON refresh_tokens (session_id);

CREATE TABLE mfa_factors (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    factor_type TEXT NOT NULL,
    status TEXT NOT NULL,
    secret TEXT NOT NULL,
    last_used_step BIGINT,
    last_challenged_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX mfa_factors_user_name ON mfa_factors (user_id, friendly_name) WHERE friendly_name <> '';

CREATE TABLE mfa_challenges (
    id TEXT NOT NULL PRIMARY KEY,
    factor_id TEXT NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
    ip TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX mfa_challenges_factor_id ON mfa_challenges (factor_id);

CREATE TABLE one_time_tokens (
    token_hash TEXT NOT NULL PRIMARY KEY,
    code_hash TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_type TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX one_time_tokens_user_id ON one_time_tokens (user_id, token_type);

CREATE TABLE profiles (
    id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    avatar_key TEXT,
    bio TEXT NOT NULL DEFAULT '',
    twitter_url TEXT,
    instagram_url TEXT,
    spotify_url TEXT,
    subscription_plan TEXT NOT NULL DEFAULT 'free',
    stripe_customer_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX profiles_name ON profiles (name);

CREATE TABLE follows (
    follower_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    following_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (follower_id, following_id),
    CHECK (follower_id <> following_id)
);
CREATE INDEX follows_following_id ON follows (following_id);
