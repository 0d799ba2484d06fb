//! The rules of a play made offline, without the database: when it may have started, and the
//! ids the app gives plays.

use super::outcome::OfflineRefusal;
use backbeat_core::db::Timestamp;
use backbeat_core::errors::{self, Failure};
use backbeat_platform::plans;

/// How far in the future a play may start: the device's clock may be a little ahead.
pub const CLOCK_SKEW: chrono::Duration = chrono::Duration::minutes(2);
/// The longest play id.
pub const PLAY_ID_MAX_CHARS: usize = 64;

/// Why a play started at `played_at` is refused at `now`, if it is: older than the 30 days
/// downloads play offline (`too_old`), or more than [`CLOCK_SKEW`] ahead (`in_the_future`).
pub fn refusal(played_at: Timestamp, now: Timestamp) -> Option<OfflineRefusal> {
    if played_at < now - chrono::Duration::days(plans::OFFLINE_DAYS) {
        Some(OfflineRefusal::TooOld)
    } else if played_at > now + CLOCK_SKEW {
        Some(OfflineRefusal::InTheFuture)
    } else {
        None
    }
}

/// Fine for a play id of 1 to 64 characters; else `invalid_play_id` (400).
pub fn check_play_id(id: &str) -> Result<(), Failure> {
    if id.is_empty() || id.chars().count() > PLAY_ID_MAX_CHARS {
        return Err(errors::OFFLINE_PLAY_ID.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_counts_within_30_days_and_2_minutes_ahead() {
        let now = Timestamp::now();
        let ago = |d: chrono::Duration| now - d;
        assert_eq!(refusal(now, now), None);
        assert_eq!(refusal(ago(chrono::Duration::days(30)), now), None);
        assert_eq!(
            refusal(
                ago(chrono::Duration::days(30) + chrono::Duration::seconds(1)),
                now
            ),
            Some(OfflineRefusal::TooOld)
        );
        assert_eq!(refusal(now + chrono::Duration::minutes(2), now), None);
        assert_eq!(
            refusal(now + chrono::Duration::seconds(121), now),
            Some(OfflineRefusal::InTheFuture)
        );
    }

    #[test]
    fn a_play_id_has_1_to_64_characters() {
        assert!(check_play_id("0195f0c2-7d3e-7abc-9def-0123456789ab").is_ok());
        assert!(check_play_id(&"é".repeat(64)).is_ok());
        assert!(check_play_id("").unwrap_err().is(errors::OFFLINE_PLAY_ID));
        assert!(check_play_id(&"a".repeat(65)).is_err());
    }
}
