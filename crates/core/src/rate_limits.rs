//! Rate limits that hold for the whole service, however many nodes serve it: each is kept in
//! the database (`rate_limits`), one row per limited key, and checked by one atomic statement.
//!
//! The rule is GCRA, the generic cell rate algorithm (what the `governor` crate runs in
//! memory): a quota of `burst` requests per `period` lets requests through one every
//! `period / burst` on average, with bursts of up to `burst`. Each key has a theoretical
//! arrival time (TAT); a request at `now` is allowed when `TAT - now` is within the burst's
//! tolerance, and moves the TAT one interval past `max(TAT, now)`. A refused request changes
//! nothing. A row whose TAT has passed means the same as no row, so housekeeping deletes those.
//!
//! Keys are stored as a MAC under the instance secret (which every node shares), never as the
//! address or email they limit.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::db::Db;
use crate::on_db;
use crate::signing::Secret;

/// `burst` requests per `period`, refilling evenly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    burst: u32,
    period: Duration,
}

impl Quota {
    /// `burst` (at least 1) requests per `period`.
    pub fn new(burst: u32, period: Duration) -> Self {
        Self {
            burst: burst.max(1),
            period,
        }
    }

    pub fn per_minute(burst: u32) -> Self {
        Self::new(burst, Duration::from_secs(60))
    }

    pub fn per_hour(burst: u32) -> Self {
        Self::new(burst, Duration::from_secs(3600))
    }

    /// The average time between two requests, in milliseconds (at least 1).
    fn interval_ms(self) -> i64 {
        let period = i64::try_from(self.period.as_millis()).unwrap_or(i64::MAX);
        (period / i64::from(self.burst)).max(1)
    }

    /// How far ahead of now the TAT may be for a request to pass: room for `burst - 1` more.
    fn tolerance_ms(self) -> i64 {
        self.interval_ms().saturating_mul(i64::from(self.burst) - 1)
    }
}

/// Checks requests against quotas kept in the database.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    db: Db,
    secret: Secret,
}

impl RateLimiter {
    /// A limiter on `db` whose keys are stored as MACs under `secret`.
    pub fn new(db: Db, secret: Secret) -> Self {
        Self { db, secret }
    }

    /// Counts a request against `key`'s `quota` now: true when it may go ahead.
    pub async fn allow(&self, key: &str, quota: Quota) -> sqlx::Result<bool> {
        self.allow_at(key, quota, now_ms()).await
    }

    /// [`Self::allow`] at `now_ms` (Unix milliseconds).
    pub async fn allow_at(&self, key: &str, quota: Quota, now_ms: i64) -> sqlx::Result<bool> {
        let bucket = self.bucket(key);
        let allowed: Option<i64> = on_db!(&self.db, pool => sqlx::query_scalar(
            "INSERT INTO rate_limits (bucket, tat_ms) VALUES ($1, $2 + $3) \
             ON CONFLICT (bucket) DO UPDATE SET tat_ms = \
                CASE WHEN rate_limits.tat_ms > $2 THEN rate_limits.tat_ms ELSE $2 END + $3 \
             WHERE rate_limits.tat_ms <= $2 + $4 \
             RETURNING tat_ms")
            .bind(&bucket).bind(now_ms).bind(quota.interval_ms()).bind(quota.tolerance_ms())
            .fetch_optional(pool).await)?;
        Ok(allowed.is_some())
    }

    /// Whether `key`'s `quota` is spent now: [`Self::allow`] would refuse. Counts nothing.
    pub async fn spent(&self, key: &str, quota: Quota) -> sqlx::Result<bool> {
        let bucket = self.bucket(key);
        on_db!(&self.db, pool => sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM rate_limits WHERE bucket = $1 AND tat_ms > $2)")
            .bind(&bucket).bind(now_ms().saturating_add(quota.tolerance_ms()))
            .fetch_one(pool).await)
    }

    /// Deletes the rows whose time has passed (they allow what no row allows); answers how
    /// many.
    pub async fn sweep(&self) -> sqlx::Result<u64> {
        on_db!(&self.db, pool => sqlx::query("DELETE FROM rate_limits WHERE tat_ms < $1")
            .bind(now_ms()).execute(pool).await.map(|r| r.rows_affected()))
    }

    fn bucket(&self, key: &str) -> String {
        URL_SAFE_NO_PAD.encode(&self.secret.mac("rate-limit", key.as_bytes())[..16])
    }
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn limiter() -> (tempfile::TempDir, RateLimiter) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("db.sqlite").display());
        let db = Db::connect(&url).await.unwrap();
        db.migrate().await.unwrap();
        (dir, RateLimiter::new(db, Secret::new([1; 32])))
    }

    #[tokio::test]
    async fn a_burst_passes_then_one_request_per_interval() {
        let (_dir, limiter) = limiter().await;
        let quota = Quota::per_minute(3);
        let t = 1_000_000;

        let mut burst = Vec::new();
        for _ in 0..4 {
            burst.push(limiter.allow_at("k", quota, t).await.unwrap());
        }
        let too_soon = limiter.allow_at("k", quota, t + 19_999).await.unwrap();
        let refilled = limiter.allow_at("k", quota, t + 20_000).await.unwrap();
        let again = limiter.allow_at("k", quota, t + 20_000).await.unwrap();
        let rested = limiter.allow_at("k", quota, t + 200_000).await.unwrap();

        assert_eq!(burst, [true, true, true, false]);
        assert!(!too_soon, "one request refills every 20 s");
        assert!(refilled);
        assert!(
            !again,
            "a refused request changed nothing, the refilled one is spent"
        );
        assert!(rested);
    }

    #[tokio::test]
    async fn keys_are_counted_apart_and_stored_as_macs() {
        let (_dir, limiter) = limiter().await;
        let quota = Quota::per_hour(1);

        assert!(limiter.allow_at("ana@x.io", quota, 0).await.unwrap());
        assert!(!limiter.allow_at("ana@x.io", quota, 0).await.unwrap());
        assert!(limiter.allow_at("bob@x.io", quota, 0).await.unwrap());
        let buckets: Vec<String> = on_db!(&limiter.db, pool =>
            sqlx::query_scalar("SELECT bucket FROM rate_limits").fetch_all(pool).await.unwrap());
        assert_eq!(buckets.len(), 2);
        assert!(buckets.iter().all(|b| !b.contains('@') && b.len() == 22));
    }

    #[tokio::test]
    async fn spent_tells_a_refusal_ahead_without_counting() {
        let (_dir, limiter) = limiter().await;
        let quota = Quota::per_hour(2);

        assert!(!limiter.spent("k", quota).await.unwrap());
        assert!(limiter.allow("k", quota).await.unwrap());
        assert!(!limiter.spent("k", quota).await.unwrap());
        assert!(
            !limiter.spent("k", quota).await.unwrap(),
            "looking counts nothing"
        );
        assert!(limiter.allow("k", quota).await.unwrap());

        assert!(limiter.spent("k", quota).await.unwrap());
        assert!(!limiter.allow("k", quota).await.unwrap());
    }

    #[tokio::test]
    async fn the_sweep_forgets_only_keys_whose_time_has_passed() {
        let (_dir, limiter) = limiter().await;
        let now = now_ms();
        limiter
            .allow_at("old", Quota::per_minute(1), now - 120_000)
            .await
            .unwrap();
        limiter
            .allow_at("recent", Quota::per_minute(1), now)
            .await
            .unwrap();

        let removed = limiter.sweep().await.unwrap();

        assert_eq!(removed, 1);
        assert!(
            !limiter
                .allow_at("recent", Quota::per_minute(1), now)
                .await
                .unwrap()
        );
    }
}
