//! Earnings and payouts: an append-only ledger of every balance change (a counted play credits
//! the uploader 21 units of 0.0001 EUR in the play's own transaction), the cached balance it
//! adds up to, the artist's earnings, and withdrawals (requested once, however often they are
//! sent), completed or rejected by an operator from the command line. Amounts are
//! [`Units`](backbeat_core::money::Units), which own the arithmetic, rounding and formatting.
//!
//! - `ledger.rs`: the one way money moves (a ledger row and the balance in one transaction);
//! - `details.rs`: where a withdrawal is paid (PayPal email, IBAN and BIC checks, masking);
//! - `balances.rs`: the balance and the earnings as the API asks for them;
//! - `withdrawals/`: withdrawal requests and the user's list of them, with their SQL;
//! - `operator.rs`: `backbeat payouts` (list, complete, reject, export) and the artist's mail;
//! - `signals.rs`: where a pending withdrawal's credits came from (listeners, new accounts,
//!   the top listener), shown by `backbeat payouts list` before the operator pays;
//! - `paypal.rs`: the optional PayPal Payouts sender (`backbeat payouts send-paypal`);
//! - `routes.rs`, `store.rs`: the API and the SQL.

pub mod balances;
pub mod details;
pub mod ledger;
pub mod operator;
pub mod paypal;
pub mod routes;
pub mod signals;
mod state;
pub mod store;
pub mod withdrawals;

pub use backbeat_core::money::Units;
pub use state::PayoutsState;

/// What one counted play earns its uploader: 2.10 EUR per 1,000 plays.
pub const UNITS_PER_PLAY: Units = Units::new(21);
/// The smallest balance that may be withdrawn: 5 EUR.
pub const MINIMUM_WITHDRAWAL: Units = Units::euros(5);

backbeat_core::text_enum! {
    /// Where a withdrawal is: `pending`, then `completed` or `rejected` by an operator, one way.
    #[derive(serde::Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum Status {
        Pending = "pending",
        Completed = "completed",
        Rejected = "rejected",
    }
    // Anything stored but completed or rejected is pending.
    unknown_reads_as Pending;
}

#[cfg(test)]
mod tests {
    use super::Status;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_stored_and_said_as_its_word_and_anything_else_is_pending() {
        assert_stored_as(&[
            (Status::Pending, "pending"),
            (Status::Completed, "completed"),
            (Status::Rejected, "rejected"),
        ]);
        for unknown in ["", "Completed", "paid"] {
            assert_eq!(
                read_from_sqlite::<Status>(unknown).unwrap(),
                Status::Pending
            );
        }
    }
}
