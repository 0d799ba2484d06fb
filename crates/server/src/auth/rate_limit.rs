//! Per-client-IP request limits on the endpoints that guess at secrets or send mail.

use std::net::IpAddr;
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
}

impl RateLimits {
    /// `per_minute` requests per client IP and endpoint, as a burst that refills evenly.
    pub fn new(per_minute: u32) -> Self {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute.max(1)).expect("at least 1"));
        Self {
            token: RateLimiter::keyed(quota),
            signup: RateLimiter::keyed(quota),
            recover: RateLimiter::keyed(quota),
            verify: RateLimiter::keyed(quota),
            factor_verify: RateLimiter::keyed(quota),
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
        limiter.check_key(&ip).map_err(|_| {
            tracing::warn!(%ip, ?endpoint, "auth rate limit reached");
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ip_has_its_own_budget_per_endpoint() {
        let limits = RateLimits::new(2);
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
}
