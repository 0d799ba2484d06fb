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

mod api;
pub mod balances;
pub mod details;
pub mod ledger;
pub mod operator;
pub mod paypal;
pub mod routes;
pub mod signals;
pub mod store;
pub mod withdrawals;

pub use api::{PayoutsServices, PayoutsState, api_router};
pub use backbeat_core::money::Units;
pub use ledger::UNITS_PER_PLAY;
pub use withdrawals::MINIMUM_WITHDRAWAL;
pub use withdrawals::status::Status;
