-- Payouts (issue 13; DECISIONS.md, "Plays and earnings"): an append-only ledger of every change
-- of an artist's balance, the cached balance it adds up to, and the withdrawals artists request.
-- Amounts are integers in units of 0.0001 EUR (a counted play credits 21).
-- Timestamps are fixed-width RFC 3339 UTC text (see src/db/timestamp.rs).

-- One row per balance change, never updated or deleted: a play credit (its listening history
-- row, unique: one counted play is credited once), a withdrawal debit or a rejection refund
-- (each unique per withdrawal). `track_id` and `day` (UTC, YYYY-MM-DD) of a play credit feed
-- the earnings page; the track may be deleted later, the money stays.
CREATE TABLE ledger_entries (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('play_credit', 'withdrawal_debit', 'withdrawal_refund')),
    amount_units BIGINT NOT NULL,
    history_id TEXT UNIQUE,
    withdrawal_id TEXT,
    track_id TEXT,
    day TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (kind, withdrawal_id),
    CHECK ((kind = 'play_credit') = (history_id IS NOT NULL)),
    CHECK ((kind = 'play_credit') = (withdrawal_id IS NULL))
);
CREATE INDEX ledger_entries_user_day ON ledger_entries (user_id, kind, day);
CREATE INDEX ledger_entries_track ON ledger_entries (track_id, kind);

-- The sum of a user's ledger, written in the transaction of every ledger row (the tests check
-- it against the ledger). A withdrawal locks this row first.
CREATE TABLE balances (
    user_id TEXT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    balance_units BIGINT NOT NULL CHECK (balance_units >= 0),
    updated_at TEXT NOT NULL
);

-- A withdrawal request: `pending`, then `completed` or `rejected` by an operator (one way).
-- `details` is the PayPal email, or SPEC's one serialised text of a bank transfer
-- (`{"accountName","iban","swift"}`). `idempotency_key` is the client's, unique per user.
CREATE TABLE withdrawals (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount_units BIGINT NOT NULL CHECK (amount_units > 0),
    method TEXT NOT NULL CHECK (method IN ('paypal', 'bank')),
    details TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'rejected')),
    reason TEXT,
    idempotency_key TEXT,
    created_at TEXT NOT NULL,
    processed_at TEXT,
    UNIQUE (user_id, idempotency_key)
);
CREATE INDEX withdrawals_user_created ON withdrawals (user_id, created_at, id);
CREATE INDEX withdrawals_status_created ON withdrawals (status, created_at, id);
