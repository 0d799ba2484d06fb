-- Ads (free plan only): the house-ad inventory managed with `backbeat ads`, and the impressions
-- and clicks counted once per user, ad and UTC day (`day` is `YYYY-MM-DD` text on both
-- databases, so a repeated or concurrent count is an INSERT ... ON CONFLICT DO NOTHING).
-- Timestamps are TIMESTAMPTZ (see src/db/timestamp.rs).

CREATE TABLE ads (
    id TEXT NOT NULL PRIMARY KEY,
    slot TEXT NOT NULL CHECK (slot IN ('banner', 'popup')),
    title TEXT NOT NULL,
    image_key TEXT NOT NULL,
    target_url TEXT NOT NULL,
    active BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ads_slot_active ON ads (slot, active);

CREATE TABLE ad_impressions (
    ad_id TEXT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (ad_id, user_id, day)
);
CREATE INDEX ad_impressions_user_day ON ad_impressions (user_id, day);
CREATE INDEX ad_impressions_day ON ad_impressions (day);

CREATE TABLE ad_clicks (
    ad_id TEXT NOT NULL REFERENCES ads (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (ad_id, user_id, day)
);
CREATE INDEX ad_clicks_day ON ad_clicks (day);
