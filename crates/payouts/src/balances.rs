//! What an artist has earned, as the API asks for it: the balance with the counted plays of
//! their tracks, and the earnings of the last 30 days and per track.

use super::store::{self, TrackEarnings};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::Failure;
use backbeat_core::ids::UserId;
use backbeat_core::money::Units;

/// Days on the earnings chart, today (UTC) included.
pub const EARNINGS_DAYS: i64 = 30;
/// Tracks in the earnings table, most earned first.
pub const EARNINGS_TRACKS: i64 = 100;

/// A user's balance and the counted plays of their tracks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    pub balance_units: Units,
    pub total_plays: i64,
}

pub async fn balance(db: &Db, user_id: &UserId) -> Result<Balance, Failure> {
    Ok(Balance {
        balance_units: store::balance(db, user_id).await?,
        total_plays: store::total_plays(db, user_id).await?,
    })
}

/// What a UTC day earned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayEarnings {
    /// `YYYY-MM-DD`.
    pub day: String,
    pub plays: i64,
    pub earned_units: Units,
}

#[derive(Clone, Debug)]
pub struct Earnings {
    /// The last 30 UTC days, oldest first, every one present.
    pub days: Vec<DayEarnings>,
    pub tracks: Vec<TrackEarnings>,
}

pub async fn earnings(db: &Db, user_id: &UserId, now: Timestamp) -> Result<Earnings, Failure> {
    let today = now.as_datetime().date_naive();
    let all_days: Vec<String> = (0..EARNINGS_DAYS)
        .rev()
        .map(|back| {
            (today - chrono::Days::new(back as u64))
                .format("%Y-%m-%d")
                .to_string()
        })
        .collect();
    let credited = store::earnings_by_day(db, user_id, &all_days[0]).await?;
    let days = all_days
        .into_iter()
        .map(|day| {
            let (plays, earned_units) = credited
                .iter()
                .find(|(credited_day, ..)| *credited_day == day)
                .map_or((0, Units::ZERO), |(_, plays, units)| (*plays, *units));
            DayEarnings {
                day,
                plays,
                earned_units,
            }
        })
        .collect();
    let tracks = store::earnings_by_track(db, user_id, EARNINGS_TRACKS).await?;
    Ok(Earnings { days, tracks })
}
