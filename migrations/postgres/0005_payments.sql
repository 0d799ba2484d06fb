-- Payments (issue 12): subscriptions as the payment provider reports them through verified
-- webhooks, the checkouts users started, the webhook events already processed, and the sandbox
-- provider's own books (its checkout sessions, customers, subscriptions and outgoing events).

-- A subscription at the provider, one row per provider subscription: a plan change updates the
-- row. `state_event_at` and `state_event_rank` are the time and kind (1 created, 2 updated,
-- 3 deleted) of the event whose state the row holds, so that an older event never overwrites a
-- newer one; `canceled` is terminal. The user's plan is the plan of their active subscription.
CREATE TABLE subscriptions (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT REFERENCES profiles (id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    provider_subscription_id TEXT NOT NULL,
    provider_customer_id TEXT,
    plan TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_end TIMESTAMPTZ,
    cancel_at_period_end BOOLEAN NOT NULL DEFAULT FALSE,
    payment_failed_at TIMESTAMPTZ,
    state_event_at TIMESTAMPTZ,
    state_event_rank BIGINT NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    UNIQUE (provider, provider_subscription_id)
);
CREATE INDEX subscriptions_user_id ON subscriptions (user_id, status);
CREATE INDEX subscriptions_customer ON subscriptions (provider, provider_customer_id);

-- A checkout a user started (`open`, then `completed` by the provider's event, or `failed`), or a
-- plan change made at once on an existing subscription (`changed`). Its id is the provider's
-- idempotency key for the operation.
CREATE TABLE checkout_sessions (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    provider_session_id TEXT,
    plan TEXT NOT NULL,
    promo_code TEXT,
    status TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX checkout_sessions_user_id ON checkout_sessions (user_id, created_at);
CREATE INDEX checkout_sessions_provider_session ON checkout_sessions (provider, provider_session_id);

-- Every webhook event processed, recorded first in its transaction: a replay changes nothing.
CREATE TABLE webhook_events (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (provider, event_id)
);

-- The sandbox provider's books, as Stripe keeps its own.
CREATE TABLE sandbox_customers (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE sandbox_subscriptions (
    id TEXT NOT NULL PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES sandbox_customers (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    plan TEXT NOT NULL,
    price_id TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_end TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX sandbox_subscriptions_customer_id ON sandbox_subscriptions (customer_id);

-- A hosted checkout page: unguessable id, paid at most once, void after `expires_at`.
CREATE TABLE sandbox_sessions (
    id TEXT NOT NULL PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    plan TEXT NOT NULL,
    promo_code TEXT,
    percent_off BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    customer_id TEXT,
    subscription_id TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- The events the sandbox sends to the webhook endpoint, written with the change they report and
-- marked when delivered; undelivered ones are sent again when the server starts.
CREATE TABLE sandbox_events (
    id TEXT NOT NULL PRIMARY KEY,
    event_type TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    delivered_at TIMESTAMPTZ,
    attempts BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX sandbox_events_pending ON sandbox_events (delivered_at, created_at);
