//! Subscription plans: what each plan costs and allows.
//!
//! This is the one place the numbers live; upload limits, stream quality and ads all ask the
//! plan, and `GET /api/v1/plans` shows the same values to the comparison and subscription pages.

pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use backbeat_core::db::{Db, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

const PLAN_OF: &str = "SELECT subscription_plan FROM profiles WHERE id = $1";

/// The plan of `user` (free when they have no profile or an unknown plan value).
pub async fn plan_of(db: &Db, user: &UserId) -> sqlx::Result<Plan> {
    let stored: Option<String> =
        on_db!(db, pool => sqlx::query_scalar(PLAN_OF).bind(user).fetch_optional(pool).await)?;
    Ok(Plan::from_stored(stored.as_deref()))
}

/// [`plan_of`] inside a transaction (which must not wait for a second connection).
pub async fn plan_of_in(tx: &mut Tx, user: &UserId) -> sqlx::Result<Plan> {
    let stored: Option<String> =
        on_tx!(tx, conn => sqlx::query_scalar(PLAN_OF).bind(user).fetch_optional(conn).await)?;
    Ok(Plan::from_stored(stored.as_deref()))
}

/// The audio a Basic listener may keep downloaded: 10 hours, in seconds of the tracks' lengths.
pub const BASIC_OFFLINE_SECS: i64 = 10 * 60 * 60;
/// Downloads play offline for this many days after the app's last successful check-in, and a
/// play made offline counts when it reaches the server within as many days.
pub const OFFLINE_DAYS: i64 = 30;

/// How much audio a plan lets a listener keep downloaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfflineAllowance {
    /// No downloads.
    None,
    /// Downloads up to this many seconds of audio in total.
    UpTo(i64),
    /// Bounded only by the browser's storage.
    Unlimited,
}

impl OfflineAllowance {
    /// The most seconds of audio allowed; `None` when unlimited.
    pub fn limit_secs(self) -> Option<i64> {
        match self {
            Self::None => Some(0),
            Self::UpTo(secs) => Some(secs),
            Self::Unlimited => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    Free,
    Basic,
    Premium,
}

/// The rendition a plan streams, in rising order of quality.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StreamQuality {
    /// MP3 at 128 kbps.
    Standard,
    /// MP3 at 320 kbps.
    High,
    /// FLAC when the upload was lossless, else the original file.
    Lossless,
}

impl Plan {
    pub const ALL: [Plan; 3] = [Plan::Free, Plan::Basic, Plan::Premium];

    /// The plan named `value` exactly (`free`, `basic` or `premium`), if any.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|plan| plan.as_str() == value)
    }

    /// Reads a stored plan value; a missing or unknown value is the free plan.
    pub fn from_stored(value: Option<&str>) -> Self {
        match value {
            Some("basic") => Self::Basic,
            Some("premium") => Self::Premium,
            _ => Self::Free,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Basic => "basic",
            Self::Premium => "premium",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Free => "Free",
            Self::Basic => "Basic",
            Self::Premium => "Premium",
        }
    }

    /// Monthly price in US cents.
    pub fn price_cents(self) -> u32 {
        match self {
            Self::Free => 0,
            Self::Basic => 499,
            Self::Premium => 999,
        }
    }

    /// Uploads allowed per calendar month (UTC); `None` is unlimited.
    pub fn monthly_upload_limit(self) -> Option<u32> {
        match self {
            Self::Free => Some(50),
            Self::Basic => Some(100),
            Self::Premium => None,
        }
    }

    pub fn stream_quality(self) -> StreamQuality {
        match self {
            Self::Free => StreamQuality::Standard,
            Self::Basic => StreamQuality::High,
            Self::Premium => StreamQuality::Lossless,
        }
    }

    /// Free-plan users see the banner and the timed pop-up ad; paying users load no ad code.
    pub fn shows_ads(self) -> bool {
        self == Self::Free
    }

    /// The offline listening the plan pages show; [`Plan::offline_allowance`] is its rule.
    pub fn offline_listening(self) -> &'static str {
        match self {
            Self::Free => "None",
            Self::Basic => "10 hours",
            Self::Premium => "Unlimited",
        }
    }

    /// How much audio the plan lets a listener keep downloaded for offline listening.
    pub fn offline_allowance(self) -> OfflineAllowance {
        match self {
            Self::Free => OfflineAllowance::None,
            Self::Basic => OfflineAllowance::UpTo(BASIC_OFFLINE_SECS),
            Self::Premium => OfflineAllowance::Unlimited,
        }
    }

    pub fn priority_support(self) -> bool {
        self == Self::Premium
    }

    /// The plan's feature list as shown on the plan pages.
    pub fn features(self) -> &'static [&'static str] {
        match self {
            Self::Free => &[
                "50 uploads per month",
                "Standard quality",
                "Unlimited playlists",
                "Web and mobile",
                "Ads",
            ],
            Self::Basic => &[
                "100 uploads per month",
                "High quality (320kbps)",
                "Ad-free",
                "Offline listening (10 hours)",
            ],
            Self::Premium => &[
                "Unlimited uploads",
                "Lossless (FLAC)",
                "Ad-free",
                "Unlimited offline listening",
                "Priority support",
            ],
        }
    }
}

impl StreamQuality {
    pub const ALL: [StreamQuality; 3] = [Self::Standard, Self::High, Self::Lossless];

    /// The stored and serialized name: `standard`, `high` or `lossless`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Standard => "standard",
            Self::High => "high",
            Self::Lossless => "lossless",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|q| q.as_str() == value)
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Standard => "Standard (MP3 128 kbps)",
            Self::High => "High (MP3 320 kbps)",
            Self::Lossless => "Lossless (FLAC)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_or_unknown_plan_is_free() {
        assert_eq!(Plan::from_stored(None), Plan::Free);
        assert_eq!(Plan::from_stored(Some("gold")), Plan::Free);
        assert_eq!(Plan::from_stored(Some("premium")), Plan::Premium);
        assert_eq!(Plan::parse("basic"), Some(Plan::Basic));
        assert_eq!(Plan::parse("Basic"), None);
    }

    #[test]
    fn limits_follow_the_upload_page_reading() {
        assert_eq!(Plan::Free.monthly_upload_limit(), Some(50));
        assert_eq!(Plan::Basic.monthly_upload_limit(), Some(100));
        assert_eq!(Plan::Premium.monthly_upload_limit(), None);
    }

    #[test]
    fn stream_qualities_read_back_their_names() {
        for quality in StreamQuality::ALL {
            assert_eq!(StreamQuality::parse(quality.as_str()), Some(quality));
            assert_eq!(
                serde_json::to_value(quality).unwrap(),
                serde_json::json!(quality.as_str())
            );
        }
        assert_eq!(StreamQuality::parse("ultra"), None);
    }

    #[test]
    fn offline_listening_is_none_then_10_hours_then_unlimited() {
        assert_eq!(Plan::Free.offline_allowance(), OfflineAllowance::None);
        assert_eq!(Plan::Basic.offline_allowance().limit_secs(), Some(36_000));
        assert_eq!(Plan::Premium.offline_allowance().limit_secs(), None);
        assert_eq!(Plan::Free.offline_allowance().limit_secs(), Some(0));
        assert_eq!(
            Plan::Basic.offline_listening(),
            format!("{} hours", BASIC_OFFLINE_SECS / 3600)
        );
    }

    #[test]
    fn only_the_free_plan_shows_ads() {
        let with_ads: Vec<_> = Plan::ALL.into_iter().filter(|p| p.shows_ads()).collect();
        assert_eq!(with_ads, [Plan::Free]);
    }
}
