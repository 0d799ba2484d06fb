//! Request limits on the endpoints that guess at secrets or send mail: per client address (an
//! IPv6 client by its /64, the block one subscriber gets) and, for the endpoints that name an
//! account, per email address too, so guesses spread over many addresses still run out. A
//! client address that signed in to the account before has its own budget for it, apart from
//! everyone else's, so strangers who spend the account's budget do not lock its owner out. The
//! budgets are kept in the database ([`backbeat_core::rate_limits`]), so they hold for the whole
//! service, however many nodes share it.

use std::net::{IpAddr, Ipv6Addr};
use std::time::Duration;

use super::error::AuthError;
use backbeat_core::rate_limits::{Quota, RateLimiter};

#[derive(Clone, Copy, Debug)]
pub enum Limited {
    Token,
    Signup,
    Recover,
    Verify,
    FactorVerify,
    NotMe,
}

impl Limited {
    /// The endpoint's name in its limits' keys.
    fn name(self) -> &'static str {
        match self {
            Self::Token => "token",
            Self::Signup => "signup",
            Self::Recover => "recover",
            Self::Verify => "verify",
            Self::FactorVerify => "factor_verify",
            Self::NotMe => "not_me",
        }
    }
}

/// Who makes a request on an account's behalf, for its per-account budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker<'a> {
    /// A client address (its key, [`client_key`], as a MAC) that signed in to the account before.
    Known(&'a str),
    /// Anyone else: every stranger shares one budget per account.
    Stranger,
}

pub struct RateLimits {
    limiter: RateLimiter,
    /// Per (endpoint, client address).
    per_client: Quota,
    /// Per (endpoint, email address): sign-in, recovery, code verification, two-factor codes.
    per_email: Quota,
}

/// The address a client is limited by: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4
/// address), IPv6 by its /64 prefix, which one subscriber usually holds whole.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(Ipv6Addr::from(prefix))
            }
        },
    }
}

/// The key of a client address's budget at `endpoint`.
fn client_budget(endpoint: Limited, ip: IpAddr) -> String {
    format!("auth\n{}\nclient\n{}", endpoint.name(), client_key(ip))
}

/// The key of an account's budget at `endpoint`: the known client's own, or the strangers'.
fn email_budget(endpoint: Limited, email: &str, asker: Asker<'_>) -> String {
    let mut key = format!("auth\n{}\nemail\n{email}", endpoint.name());
    if let Asker::Known(client) = asker {
        key.push_str(&format!("\nknown\n{client}"));
    }
    key
}

impl RateLimits {
    /// `per_minute` requests per client address and endpoint, and `per_email_per_hour` per
    /// email address and endpoint, each as a burst that refills evenly.
    pub fn new(limiter: RateLimiter, per_minute: u32, per_email_per_hour: u32) -> Self {
        Self {
            limiter,
            per_client: Quota::per_minute(per_minute),
            per_email: Quota::per_hour(per_email_per_hour),
        }
    }

    pub async fn check(&self, endpoint: Limited, ip: IpAddr) -> Result<(), AuthError> {
        let client = client_key(ip);
        let key = client_budget(endpoint, ip);
        self.charge(&key, self.per_client, || {
            tracing::warn!(ip = %client, ?endpoint, "auth rate limit reached");
        })
        .await
    }

    /// Counts an attempt against the account of `email` (normalised by the caller): against
    /// the budget of the known client that makes it, or the one every stranger shares.
    pub async fn check_email(
        &self,
        endpoint: Limited,
        email: &str,
        asker: Asker<'_>,
    ) -> Result<(), AuthError> {
        let key = email_budget(endpoint, email, asker);
        self.charge(&key, self.per_email, || {
            tracing::warn!(
                ?endpoint,
                ?asker,
                "auth rate limit per email address reached"
            );
        })
        .await
    }

    /// Whether an attempt at `endpoint` would be refused now: the client address's budget is
    /// spent, or the account's (of `email`, for `asker`) when one is named. Counts nothing, so
    /// a caller that charges only failed attempts ([`Self::check`], [`Self::check_email`]) can
    /// still refuse a right guess once the wrong ones ran out.
    pub async fn spent(
        &self,
        endpoint: Limited,
        ip: IpAddr,
        account: Option<(&str, Asker<'_>)>,
    ) -> Result<bool, AuthError> {
        if self
            .limiter
            .spent(&client_budget(endpoint, ip), self.per_client)
            .await?
        {
            return Ok(true);
        }
        Ok(match account {
            Some((email, asker)) => {
                self.limiter
                    .spent(&email_budget(endpoint, email, asker), self.per_email)
                    .await?
            }
            None => false,
        })
    }

    /// One sign-up per `interval` for an address, whether it has an account or not: each
    /// sign-up of an unconfirmed address is mailed its own confirmation, which a refused one
    /// would not get.
    pub async fn check_signup_email(
        &self,
        email: &str,
        interval: Duration,
    ) -> Result<(), AuthError> {
        let key = format!("auth\nsignup\nemail\n{email}");
        if self.limiter.allow(&key, Quota::new(1, interval)).await? {
            return Ok(());
        }
        Err(AuthError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            "over_email_send_rate_limit",
            format!(
                "For security purposes, you can only request this after {} seconds.",
                interval.as_secs()
            ),
        ))
    }

    /// Counts a request against `key`'s `quota`; `refused` tells the log when it is over.
    async fn charge(
        &self,
        key: &str,
        quota: Quota,
        refused: impl FnOnce(),
    ) -> Result<(), AuthError> {
        if self.limiter.allow(key, quota).await? {
            return Ok(());
        }
        refused();
        Err(AuthError::rate_limited())
    }

    /// Forgets the budgets that have refilled. Runs periodically.
    pub async fn sweep(&self) -> sqlx::Result<u64> {
        self.limiter.sweep().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::db::Db;
    use backbeat_core::signing::Secret;

    async fn limits(per_minute: u32, per_email_per_hour: u32) -> (tempfile::TempDir, RateLimits) {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("db.sqlite").display());
        let db = Db::connect(&url).await.unwrap();
        db.migrate().await.unwrap();
        let limiter = RateLimiter::new(db, Secret::new([2; 32]));
        (
            dir,
            RateLimits::new(limiter, per_minute, per_email_per_hour),
        )
    }

    #[tokio::test]
    async fn each_ip_has_its_own_budget_per_endpoint() {
        let (_dir, limits) = limits(2, 100).await;
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();

        assert!(limits.check(Limited::Token, a).await.is_ok());
        assert!(limits.check(Limited::Token, a).await.is_ok());
        let refused = limits.check(Limited::Token, a).await.unwrap_err();

        assert_eq!(refused.status(), 429);
        assert_eq!(refused.code(), "over_request_rate_limit");
        assert!(limits.check(Limited::Token, b).await.is_ok());
        assert!(limits.check(Limited::Signup, a).await.is_ok());
    }

    #[tokio::test]
    async fn ipv6_clients_share_the_budget_of_their_64_prefix() {
        let (_dir, limits) = limits(2, 100).await;
        let first: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same_64: IpAddr = "2001:db8:1:2:ffff:aaaa:bbbb:cccc".parse().unwrap();
        let other_64: IpAddr = "2001:db8:1:3::1".parse().unwrap();

        assert!(limits.check(Limited::Token, first).await.is_ok());
        assert!(limits.check(Limited::Token, same_64).await.is_ok());

        assert!(limits.check(Limited::Token, same_64).await.is_err());
        assert!(limits.check(Limited::Token, other_64).await.is_ok());
    }

    #[test]
    fn an_ipv4_mapped_address_counts_as_its_ipv4_address() {
        assert_eq!(
            client_key("::ffff:10.0.0.1".parse().unwrap()),
            "10.0.0.1".parse::<IpAddr>().unwrap()
        );
    }

    #[tokio::test]
    async fn an_email_address_has_a_budget_whatever_the_client() {
        let (_dir, limits) = limits(100, 2).await;

        assert!(
            limits
                .check_email(Limited::Token, "ana@x.io", Asker::Stranger)
                .await
                .is_ok()
        );
        assert!(
            limits
                .check_email(Limited::Token, "ana@x.io", Asker::Stranger)
                .await
                .is_ok()
        );

        assert!(
            limits
                .check_email(Limited::Token, "ana@x.io", Asker::Stranger)
                .await
                .is_err()
        );
        assert!(
            limits
                .check_email(Limited::Token, "bob@x.io", Asker::Stranger)
                .await
                .is_ok()
        );
        assert!(
            limits
                .check_email(Limited::Recover, "ana@x.io", Asker::Stranger)
                .await
                .is_ok()
        );
    }

    #[tokio::test]
    async fn a_known_client_keeps_its_own_budget_when_strangers_spent_theirs() {
        let (_dir, limits) = limits(100, 2).await;
        for _ in 0..2 {
            limits
                .check_email(Limited::Token, "ana@x.io", Asker::Stranger)
                .await
                .unwrap();
        }

        let stranger = limits
            .check_email(Limited::Token, "ana@x.io", Asker::Stranger)
            .await;
        let owner = limits
            .check_email(Limited::Token, "ana@x.io", Asker::Known("c1"))
            .await;

        assert!(stranger.is_err());
        assert!(owner.is_ok());
    }

    #[tokio::test]
    async fn an_address_signs_up_once_per_interval() {
        let (_dir, limits) = limits(100, 100).await;
        let interval = Duration::from_secs(60);

        assert!(
            limits
                .check_signup_email("ana@x.io", interval)
                .await
                .is_ok()
        );
        let again = limits
            .check_signup_email("ana@x.io", interval)
            .await
            .unwrap_err();

        assert_eq!(
            (again.status().as_u16(), again.code()),
            (429, "over_email_send_rate_limit")
        );
        assert!(
            limits
                .check_signup_email("bob@x.io", interval)
                .await
                .is_ok()
        );
    }
}
