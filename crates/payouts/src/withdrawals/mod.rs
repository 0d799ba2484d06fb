//! Withdrawals as the API asks for them: a request (checked in the order the product states:
//! the minimum, then what is missing, then the formats) that takes the whole balance rounded
//! down to cents, once, however often it is sent, and the user's list of them.

pub mod status;
pub mod store;

use self::status::Status;
use self::store::WithdrawalRow;
use super::details::{Details, GivenDetails, Method};
use super::ledger::{self, Change};
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{UserId, WithdrawalId};
use backbeat_core::money::Units;

/// The smallest balance that may be withdrawn: 5 EUR.
pub const MINIMUM_WITHDRAWAL: Units = Units::euros(5);

/// The window of the limit on withdrawals per user.
const WITHDRAWAL_LIMIT_WINDOW: chrono::Duration = chrono::Duration::hours(24);

/// A withdrawal request as sent.
#[derive(Clone, Copy, Debug)]
pub struct WithdrawalRequest<'a> {
    pub method: Method,
    pub details: Option<&'a GivenDetails>,
    /// The client's `Idempotency-Key`: the same key answers the first withdrawal again.
    pub idempotency_key: Option<&'a str>,
}

/// Requests a withdrawal of the whole balance rounded down to cents: checks in the product's order
/// (the minimum, then what is missing, then the formats), then at most `per_day` withdrawals
/// per 24 hours, then the withdrawal row and its ledger debit, in one transaction that locks
/// the user's balance first, so that concurrent requests (on any node) take the balance once
/// and count against the limit one after the other. With an idempotency key used before,
/// answers that first withdrawal as it was answered (the same request, not counted again) or
/// refuses (a different one).
pub async fn request_withdrawal(
    db: &Db,
    user_id: &UserId,
    request: WithdrawalRequest<'_>,
    per_day: u32,
) -> Result<WithdrawalRow, Failure> {
    let checked = Details::check(request.method, request.details);
    let mut tx = db.begin().await?;
    let balance = super::store::lock_balance(&mut tx, user_id)
        .await?
        .unwrap_or(Units::ZERO);
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
    if balance < MINIMUM_WITHDRAWAL {
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
        id: WithdrawalId::generate(),
        user_id: user_id.clone(),
        amount_units: balance.whole_cents(),
        method: details.method().as_str().to_owned(),
        details: details.serialised(),
        status: Status::Pending,
        reason: None,
        idempotency_key: request.idempotency_key.map(str::to_owned),
        created_at: now,
        processed_at: None,
    };
    store::insert_withdrawal(&mut tx, &row).await?;
    let debit = Change::WithdrawalDebit {
        withdrawal_id: &row.id,
    };
    ledger::record(
        &mut tx,
        &row.user_id,
        debit,
        row.amount_units,
        row.created_at,
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// A withdrawal as its request was first answered: pending, whatever happened to it since.
fn as_first_answered(row: WithdrawalRow) -> WithdrawalRow {
    WithdrawalRow {
        status: Status::Pending,
        reason: None,
        processed_at: None,
        ..row
    }
}

/// A page of the user's withdrawals, newest first.
pub async fn withdrawals(
    db: &Db,
    user_id: &UserId,
    page: &PageRequest,
) -> Result<Page<WithdrawalRow>, Failure> {
    let rows = store::withdrawals_of(db, user_id, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |row| {
        Position::new(0, row.created_at, &row.id)
    }))
}
