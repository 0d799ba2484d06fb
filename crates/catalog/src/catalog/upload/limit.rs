//! The monthly upload limit: uploads per calendar month in UTC, as many as the plan allows.

use chrono::{Datelike, TimeZone, Utc};

use super::store;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_platform::plans::{self, Plan};

/// The first instant of the calendar month (UTC) that `now` is in.
pub fn month_start(now: Timestamp) -> Timestamp {
    let now = now.as_datetime();
    Timestamp::from(
        Utc.with_ymd_and_hms(now.year(), now.month(), 1, 0, 0, 0)
            .single()
            .expect("the first of a month at midnight UTC exists"),
    )
}

/// The first instant of the next calendar month (UTC): when the monthly count starts again.
pub fn next_month_start(now: Timestamp) -> Timestamp {
    let now = now.as_datetime();
    let (year, month) = if now.month() == 12 {
        (now.year() + 1, 1)
    } else {
        (now.year(), now.month() + 1)
    };
    Timestamp::from(
        Utc.with_ymd_and_hms(year, month, 1, 0, 0, 0)
            .single()
            .expect("the first of a month at midnight UTC exists"),
    )
}

/// Whether `used` uploads this month leave room for one more on `plan`.
pub fn may_upload(plan: Plan, used: i64) -> bool {
    plan.monthly_upload_limit()
        .is_none_or(|limit| used < i64::from(limit))
}

/// How many uploads the user made this calendar month (UTC) and how many the plan allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UploadAllowance {
    pub used: i64,
    pub limit: Option<u32>,
    pub plan: Plan,
    pub resets_at: Timestamp,
}

pub async fn upload_allowance(db: &Db, user: &UserId) -> sqlx::Result<UploadAllowance> {
    let plan = plans::plan_of(db, user).await?;
    let now = Timestamp::now();
    Ok(UploadAllowance {
        used: store::count_uploads_since(db, user, month_start(now)).await?,
        limit: plan.monthly_upload_limit(),
        plan,
        resets_at: next_month_start(now),
    })
}

#[cfg(test)]
mod tests {
    use chrono::DateTime;

    use super::*;

    fn at(text: &str) -> Timestamp {
        Timestamp::from(
            DateTime::parse_from_rfc3339(text)
                .unwrap()
                .with_timezone(&Utc),
        )
    }

    #[test]
    fn months_are_calendar_months_in_utc() {
        let now = at("2026-12-31T23:59:59.999999Z");
        assert_eq!(month_start(now), at("2026-12-01T00:00:00Z"));
        assert_eq!(next_month_start(now), at("2027-01-01T00:00:00Z"));
        assert_eq!(
            next_month_start(at("2026-01-15T00:00:00Z")),
            at("2026-02-01T00:00:00Z")
        );
    }

    #[test]
    fn the_limit_follows_the_plan() {
        assert!(may_upload(Plan::Free, 49));
        assert!(!may_upload(Plan::Free, 50));
        assert!(may_upload(Plan::Basic, 99));
        assert!(!may_upload(Plan::Basic, 100));
        assert!(may_upload(Plan::Premium, 1_000_000));
    }
}
