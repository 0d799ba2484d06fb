//! The rules of earnings and withdrawals as the API asks for them: the balance, the earnings
//! of the last 30 days and per track, and a withdrawal request (SPEC section 5, checked in
//! order) that takes the whole balance rounded down to cents, once, however often it is sent.

use uuid::Uuid;

use super::details::{Details, GivenDetails, Method};
use super::ledger::{self, Change};
use super::store::{self, TrackEarnings, WithdrawalRow};
use super::{MINIMUM_WITHDRAWAL_UNITS, whole_cents};
use crate::db::page::{Page, PageRequest, Position};
use crate::db::{Db, Timestamp};
use crate::errors::{self, Failure};

/// Days on the earnings chart, today (UTC) included.
pub const EARNINGS_DAYS: i64 = 30;
/// Tracks in the earnings table, most earned first.
pub const EARNINGS_TRACKS: i64 = 100;
/// The window of the limit on withdrawals per user.
const WITHDRAWAL_LIMIT_WINDOW: chrono::Duration = chrono::Duration::hours(24);

/// A user's balance and the counted plays of their tracks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Balance {
    pub balance_units: i64,
    pub total_plays: i64,
}

pub async fn balance(db: &Db, user_id: &str) -> Result<Balance, Failure> {
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
    pub earned_units: i64,
}

#[derive(Clone, Debug)]
pub struct Earnings {
    /// The last 30 UTC days, oldest first, every one present.
    pub days: Vec<DayEarnings>,
    pub tracks: Vec<TrackEarnings>,
}

pub async fn earnings(db: &Db, user_id: &str, now: Timestamp) -> Result<Earnings, Failure> {
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
                .map_or((0, 0), |(_, plays, units)| (*plays, *units));
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

/// A withdrawal request as sent.
#[derive(Clone, Copy, Debug)]
pub struct WithdrawalRequest<'a> {
    pub method: Method,
    pub details: Option<&'a GivenDetails>,
    /// The client's `Idempotency-Key`: the same key answers the first withdrawal again.
    pub idempotency_key: Option<&'a str>,
}

/// Requests a withdrawal of the whole balance rounded down to cents: checks in SPEC's order
/// (the minimum, then what is missing, then the formats), then at most `per_day` withdrawals
/// per 24 hours, then the withdrawal row and its ledger debit, in one transaction that locks
/// the user's balance first, so that concurrent requests (on any node) take the balance once
/// and count against the limit one after the other. With an idempotency key used before,
/// answers that first withdrawal as it was answered (the same request, not counted again) or
/// refuses (a different one).
pub async fn request_withdrawal(
    db: &Db,
    user_id: &str,
    request: WithdrawalRequest<'_>,
    per_day: u32,
) -> Result<WithdrawalRow, Failure> {
    let checked = Details::check(request.method, request.details);
    let mut tx = db.begin().await?;
    let balance = store::lock_balance(&mut tx, user_id).await?.unwrap_or(0);
    if let Some(key) = request.idempotency_key
        && let Some(first) = store::withdrawal_by_key(&mut tx, user_id, key).await?
    {
        let same = checked.as_ref().is_ok_and(|details| {
            details.method().as_str() == first.method && details.serialised() == first.details
        });
        if !same {
            return Err(errors::IDEMPOTENCY_KEY_REUSED.into());
        }
        return Ok(as_first_answered(first));
    }
    if balance < MINIMUM_WITHDRAWAL_UNITS {
        return Err(errors::MINIMUM_WITHDRAWAL.into());
    }
    let details = checked?;
    let now = Timestamp::now();
    let recent = store::withdrawals_since(&mut tx, user_id, now - WITHDRAWAL_LIMIT_WINDOW).await?;
    if recent >= i64::from(per_day) {
        return Err(Failure::Detailed(
            errors::WITHDRAWAL_LIMIT_REACHED,
            errors::WITHDRAWAL_LIMIT_REACHED.message_for(&per_day.to_string()),
        ));
    }
    let row = WithdrawalRow {
        id: Uuid::now_v7().to_string(),
        user_id: user_id.to_owned(),
        amount_units: whole_cents(balance),
        method: details.method().as_str().to_owned(),
        details: details.serialised(),
        status: "pending".to_owned(),
        reason: None,
        idempotency_key: request.idempotency_key.map(str::to_owned),
        created_at: now,
        processed_at: None,
    };
    store::insert_withdrawal(&mut tx, &row).await?;
    let debit = Change::WithdrawalDebit {
        withdrawal_id: &row.id,
    };
    ledger::record(&mut tx, user_id, debit, row.amount_units, row.created_at).await?;
    tx.commit().await?;
    Ok(row)
}

/// A withdrawal as its request was first answered: pending, whatever happened to it since.
fn as_first_answered(row: WithdrawalRow) -> WithdrawalRow {
    WithdrawalRow {
        status: "pending".to_owned(),
        reason: None,
        processed_at: None,
        ..row
    }
}

/// A page of the user's withdrawals, newest first.
pub async fn withdrawals(
    db: &Db,
    user_id: &str,
    page: &PageRequest,
) -> Result<Page<WithdrawalRow>, Failure> {
    let rows = store::withdrawals_of(db, user_id, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |row| {
        Position::new(0, row.created_at, &row.id)
    }))
}
