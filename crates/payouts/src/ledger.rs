//! The one way money moves: an append-only ledger row and the cached balance, written together
//! in the caller's transaction. A counted play credits its uploader (once: the ledger row is
//! unique per listening history row), a withdrawal debits the amount it takes, a rejection
//! refunds it (each once per withdrawal).

use uuid::Uuid;

use super::store::{self, NewEntry};
use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::ids::{HistoryId, TrackId, UserId, WithdrawalId};
use backbeat_core::money::Units;

/// What one counted play earns its uploader: 2.10 EUR per 1,000 plays.
pub const UNITS_PER_PLAY: Units = Units::new(21);

/// Why a balance changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change<'a> {
    /// A counted play of the uploader's track.
    PlayCredit {
        history_id: &'a HistoryId,
        track_id: &'a TrackId,
    },
    /// The amount a withdrawal takes.
    WithdrawalDebit { withdrawal_id: &'a WithdrawalId },
    /// A rejected withdrawal's amount, returned.
    WithdrawalRefund { withdrawal_id: &'a WithdrawalId },
}

impl Change<'_> {
    pub fn kind(&self) -> &'static str {
        match self {
            Self::PlayCredit { .. } => "play_credit",
            Self::WithdrawalDebit { .. } => "withdrawal_debit",
            Self::WithdrawalRefund { .. } => "withdrawal_refund",
        }
    }
}

/// Credits the uploader of a counted play, inside the transaction that counts it.
pub async fn credit_play(
    tx: &mut Tx,
    uploader: &UserId,
    history_id: &HistoryId,
    track_id: &TrackId,
    now: Timestamp,
) -> sqlx::Result<Units> {
    let change = Change::PlayCredit {
        history_id,
        track_id,
    };
    record(tx, uploader, change, UNITS_PER_PLAY, now).await
}

/// Appends the ledger row of `change` (`units` positive, the sign given by the change) and
/// updates the user's balance; answers the new balance. A debit needs the balance row, which
/// the caller has locked and checked.
pub async fn record(
    tx: &mut Tx,
    user_id: &UserId,
    change: Change<'_>,
    units: Units,
    now: Timestamp,
) -> sqlx::Result<Units> {
    let (history_id, withdrawal_id, track_id) = match change {
        Change::PlayCredit {
            history_id,
            track_id,
        } => (Some(history_id), None, Some(track_id)),
        Change::WithdrawalDebit { withdrawal_id } | Change::WithdrawalRefund { withdrawal_id } => {
            (None, Some(withdrawal_id), None)
        }
    };
    let signed = match change {
        Change::WithdrawalDebit { .. } => -units,
        _ => units,
    };
    let id = Uuid::now_v7().to_string();
    store::insert_entry(
        tx,
        &NewEntry {
            id: &id,
            user_id,
            kind: change.kind(),
            amount_units: signed,
            history_id,
            withdrawal_id,
            track_id,
            created_at: now,
        },
    )
    .await?;
    if signed.is_negative() {
        store::debit_balance(tx, user_id, units, now).await
    } else {
        store::credit_balance(tx, user_id, units, now).await
    }
}
