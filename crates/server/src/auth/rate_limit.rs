//! Request limits on the endpoints that guess at secrets or send mail: per client address (an
//! IPv6 client by its /64, the block one subscriber gets) and, for the endpoints that name an
//! account, per email address too, so guesses spread over many addresses still run out.

use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::AuthError;

#[derive(Clone, Copy, Debug)]
pub enum Limited {
    Token,
    Signup,
    Recover,
    Verify,
    FactorVerify,
}

pub struct RateLimits {
    token: DefaultKeyedRateLimiter<IpAddr>,
    signup: DefaultKeyedRateLimiter<IpAddr>,
    recover: DefaultKeyedRateLimiter<IpAddr>,
    verify: DefaultKeyedRateLimiter<IpAddr>,
    factor_verify: DefaultKeyedRateLimiter<IpAddr>,
    /// Per (endpoint, email address): sign-in, recovery, code verification, two-factor codes.
    per_email: DefaultKeyedRateLimiter<(u8, String)>,
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

impl RateLimits {
    /// `per_minute` requests per client address and endpoint, and `per_email_per_hour` per
    /// email address and endpoint, each as a burst that refills evenly.
    pub fn new(per_minute: u32, per_email_per_hour: u32) -> Self {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute.max(1)).expect("at least 1"));
        let email_quota =
            Quota::per_hour(NonZeroU32::new(per_email_per_hour.max(1)).expect("at least 1"));
        Self {
            token: RateLimiter::keyed(quota),
            signup: RateLimiter::keyed(quota),
            recover: RateLimiter::keyed(quota),
            verify: RateLimiter::keyed(quota),
            factor_verify: RateLimiter::keyed(quota),
            per_email: RateLimiter::keyed(email_quota),
        }
    }

    pub fn check(&self, endpoint: Limited, ip: IpAddr) -> Result<(), AuthError> {
        let limiter = match endpoint {
            Limited::Token => &self.token,
            Limited::Signup => &self.signup,
            Limited::Recover => &self.recover,
            Limited::Verify => &self.verify,
            Limited::FactorVerify => &self.factor_verify,
        };
        let key = client_key(ip);
        limiter.check_key(&key).map_err(|_| {
            tracing::warn!(ip = %key, ?endpoint, "auth rate limit reached");
            AuthError::rate_limited()
        })
    }

    /// Counts an attempt against the account of `email` (normalised by the caller), whoever
    /// makes it.
    pub fn check_email(&self, endpoint: Limited, email: &str) -> Result<(), AuthError> {
        self.per_email
            .check_key(&(endpoint as u8, email.to_owned()))
            .map_err(|_| {
                tracing::warn!(?endpoint, "auth rate limit per email address reached");
                AuthError::rate_limited()
            })
    }

    /// Forgets idle clients so the maps stay small.
    pub fn shrink(&self) {
        for limiter in [
            &self.token,
            &self.signup,
            &self.recover,
            &self.verify,
            &self.factor_verify,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        self.per_email.retain_recent();
        self.per_email.shrink_to_fit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ip_has_its_own_budget_per_endpoint() {
        let limits = RateLimits::new(2, 100);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();

        assert!(limits.check(Limited::Token, a).is_ok());
        assert!(limits.check(Limited::Token, a).is_ok());
        let refused = limits.check(Limited::Token, a).unwrap_err();

        assert_eq!(refused.status(), 429);
        assert_eq!(refused.code(), "over_request_rate_limit");
        assert!(limits.check(Limited::Token, b).is_ok());
        assert!(limits.check(Limited::Signup, a).is_ok());
    }

    #[test]
    fn ipv6_clients_share_the_budget_of_their_64_prefix() {
        let limits = RateLimits::new(2, 100);
        let first: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let same_64: IpAddr = "2001:db8:1:2:ffff:aaaa:bbbb:cccc".parse().unwrap();
        let other_64: IpAddr = "2001:db8:1:3::1".parse().unwrap();

        assert!(limits.check(Limited::Token, first).is_ok());
        assert!(limits.check(Limited::Token, same_64).is_ok());

        assert!(limits.check(Limited::Token, same_64).is_err());
        assert!(limits.check(Limited::Token, other_64).is_ok());
    }

    #[test]
    fn an_ipv4_mapped_address_counts_as_its_ipv4_address() {
        assert_eq!(
            client_key("::ffff:10.0.0.1".parse().unwrap()),
            "10.0.0.1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn an_email_address_has_a_budget_whatever_the_client() {
        let limits = RateLimits::new(100, 2);

        assert!(limits.check_email(Limited::Token, "ana@x.io").is_ok());
        assert!(limits.check_email(Limited::Token, "ana@x.io").is_ok());

        assert!(limits.check_email(Limited::Token, "ana@x.io").is_err());
        assert!(limits.check_email(Limited::Token, "bob@x.io").is_ok());
        assert!(limits.check_email(Limited::Recover, "ana@x.io").is_ok());
    }
}
