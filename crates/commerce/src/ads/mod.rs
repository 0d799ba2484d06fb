//! Ads, free plan only (`docs/OPERATIONS.md`, "Ads"): a house-ad inventory managed from the command
//! line (`backbeat ads add|list|disable|report`, [`inventory`]), served to free-plan users by
//! `GET /api/v1/ads` with the optional external ad network's script ([`service`]), and impressions
//! and clicks counted once per user, ad and UTC day. Clicks go through a counting redirect whose
//! link is signed and expiring ([`click_link`]), since an `<a href>` carries no bearer token.

pub mod click_link;
pub mod inventory;
pub mod routes;
pub mod service;
pub mod store;
pub mod table;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where an ad is shown: the banner of the signed-in layout, or the timed pop-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Slot {
    Banner,
    Popup,
}

impl Slot {
    pub const ALL: [Slot; 2] = [Slot::Banner, Slot::Popup];

    /// The stored and serialized name: `banner` or `popup`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Banner => "banner",
            Self::Popup => "popup",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|slot| slot.as_str() == value)
    }
}

/// The UTC day of an instant, `YYYY-MM-DD`: what impressions and clicks are counted per.
pub fn day_of(instant: backbeat_core::db::Timestamp) -> String {
    instant.as_datetime().format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_read_back_their_names() {
        for slot in Slot::ALL {
            assert_eq!(Slot::parse(slot.as_str()), Some(slot));
            assert_eq!(
                serde_json::to_value(slot).unwrap(),
                serde_json::json!(slot.as_str())
            );
        }
        assert_eq!(Slot::parse("sidebar"), None);
        assert_eq!(Slot::parse("Banner"), None);
    }

    #[test]
    fn a_day_is_the_utc_date() {
        let late = chrono::DateTime::parse_from_rfc3339("2025-03-01T23:30:00-02:00").unwrap();
        assert_eq!(
            day_of(late.with_timezone(&chrono::Utc).into()),
            "2025-03-02"
        );
    }
}
