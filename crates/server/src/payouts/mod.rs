//! Earnings and payouts (issue 13; DECISIONS.md, "Plays and earnings"): an append-only ledger
//! of every balance change (a counted play credits the uploader 21 units of 0.0001 EUR in the
//! play's own transaction), the cached balance it adds up to, the artist's earnings, and
//! withdrawals (requested once, however often they are sent), completed or rejected by an
//! operator from the command line.
//!
//! - `ledger.rs`: the one way money moves (a ledger row and the balance in one transaction);
//! - `details.rs`: where a withdrawal is paid (PayPal email, IBAN and BIC checks, masking);
//! - `service.rs`: balance, earnings and withdrawal requests as the API asks for them;
//! - `operator.rs`: `backbeat payouts` (list, complete, reject, export) and the artist's mail;
//! - `signals.rs`: where a pending withdrawal's credits came from (listeners, new accounts,
//!   the top listener), shown by `backbeat payouts list` before the operator pays;
//! - `paypal.rs`: the optional PayPal Payouts sender (`backbeat payouts send-paypal`);
//! - `routes.rs`, `store.rs`: the API and the SQL.

pub mod details;
pub mod ledger;
pub mod operator;
pub mod paypal;
pub mod routes;
pub mod service;
pub mod signals;
pub mod store;

/// Units of money per euro: amounts are integers in units of 0.0001 EUR.
pub const UNITS_PER_EUR: i64 = 10_000;
/// Units per cent: a withdrawal is a whole number of cents.
pub const UNITS_PER_CENT: i64 = 100;
/// What one counted play earns its uploader: 2.10 EUR per 1,000 plays.
pub const UNITS_PER_PLAY: i64 = 21;
/// The smallest balance that may be withdrawn: 5 EUR.
pub const MINIMUM_WITHDRAWAL_UNITS: i64 = 5 * UNITS_PER_EUR;

/// Where a withdrawal is: `pending`, then `completed` or `rejected` by an operator, one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Pending,
    Completed,
    Rejected,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Completed => "completed",
            Self::Rejected => "rejected",
        }
    }

    /// SPEC: anything but completed or rejected is pending.
    pub fn of(text: &str) -> Self {
        match text {
            "completed" => Self::Completed,
            "rejected" => Self::Rejected,
            _ => Self::Pending,
        }
    }
}

/// An amount in EUR with 2 decimals, rounded down (toward zero): 123_456 units -> "12.34".
pub fn eur(units: i64) -> String {
    let cents = units / UNITS_PER_CENT;
    let sign = if units < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

/// The part of a balance that can be paid out: whole cents, rounded down.
pub fn whole_cents(units: i64) -> i64 {
    units - units.rem_euclid(UNITS_PER_CENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euros_are_shown_with_two_decimals_rounded_down() {
        assert_eq!(eur(0), "0.00");
        assert_eq!(eur(21), "0.00");
        assert_eq!(eur(99), "0.00");
        assert_eq!(eur(100), "0.01");
        assert_eq!(eur(49_999), "4.99");
        assert_eq!(eur(50_000), "5.00");
        assert_eq!(eur(123_456), "12.34");
        assert_eq!(eur(-123_456), "-12.34");
    }

    #[test]
    fn a_withdrawal_takes_whole_cents_and_leaves_the_rest() {
        assert_eq!(whole_cents(50_021), 50_000);
        assert_eq!(whole_cents(123_456), 123_400);
        assert_eq!(whole_cents(50_000), 50_000);
    }
}
