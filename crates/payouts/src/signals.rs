//! What an operator weighs before paying a withdrawal (`backbeat payouts list`): where the money
//! it pays came from. Its credits are the artist's play credits after their previous
//! withdrawal that was not rejected (a rejected one's amount came back to the balance, so the
//! next withdrawal pays those credits too), up to this withdrawal's request; all of them for a
//! first withdrawal. Over those credits:
//!
//! - the distinct listeners whose plays earned them;
//! - the share of the credits earned by plays of accounts younger than 7 days at the play;
//! - the share of the largest single listener.
//!
//! Many credits from a few listeners, or from accounts made days before, is what play farming
//! looks like. A credit whose listener is no longer known (the account is gone) counts in the
//! total, as no listener and not young.

use std::collections::HashMap;

use super::store::{self, Credit};
use super::withdrawals::store::{self as withdrawal_store, WithdrawalRow};
use backbeat_core::db::{Db, Timestamp};

/// An account is new for this long after it was made.
pub const NEW_ACCOUNT_AGE: chrono::Duration = chrono::Duration::days(7);

/// Where a withdrawal's credits came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Signals {
    /// Play credits in the withdrawal's range.
    pub credits: i64,
    /// Distinct listeners of those credits.
    pub listeners: i64,
    /// Credits of plays by accounts younger than [`NEW_ACCOUNT_AGE`] at the play.
    pub new_account_credits: i64,
    /// Credits of the listener with the most.
    pub top_listener_credits: i64,
}

/// Adds up credits one at a time, keeping one count per listener.
#[derive(Debug, Default)]
pub struct Tally {
    credits: i64,
    new_account_credits: i64,
    per_listener: HashMap<String, i64>,
}

impl Tally {
    pub fn add(&mut self, credit: Credit) {
        self.credits += 1;
        let young = credit
            .listener_joined
            .is_some_and(|joined| credit.credited_at - NEW_ACCOUNT_AGE < joined);
        self.new_account_credits += i64::from(young);
        if let Some(listener) = credit.listener {
            *self.per_listener.entry(listener).or_default() += 1;
        }
    }

    pub fn signals(&self) -> Signals {
        Signals {
            credits: self.credits,
            listeners: i64::try_from(self.per_listener.len()).unwrap_or(i64::MAX),
            new_account_credits: self.new_account_credits,
            top_listener_credits: self.per_listener.values().copied().max().unwrap_or(0),
        }
    }
}

impl Signals {
    /// The share of credits from new accounts, as printed: "37.5%" ("-" without credits).
    pub fn new_account_share(&self) -> String {
        percent(self.new_account_credits, self.credits)
    }

    /// The largest single listener's share of credits, as printed.
    pub fn top_listener_share(&self) -> String {
        percent(self.top_listener_credits, self.credits)
    }
}

/// `part` of `whole` in percent with one decimal, rounded half up; "-" when `whole` is 0.
fn percent(part: i64, whole: i64) -> String {
    if whole <= 0 {
        return "-".to_owned();
    }
    let tenths = (i128::from(part) * 1000 + i128::from(whole) / 2) / i128::from(whole);
    format!("{}.{}%", tenths / 10, tenths % 10)
}

/// The signals of a withdrawal, over the credits it pays (see the module's documentation).
pub async fn of_withdrawal(db: &Db, withdrawal: &WithdrawalRow) -> sqlx::Result<Signals> {
    let since = withdrawal_store::previous_paid_withdrawal_at(db, withdrawal)
        .await?
        .unwrap_or_else(|| Timestamp::from(chrono::DateTime::<chrono::Utc>::UNIX_EPOCH));
    let mut tally = Tally::default();
    store::each_play_credit(
        db,
        &withdrawal.user_id,
        since,
        withdrawal.created_at,
        |credit| tally.add(credit),
    )
    .await?;
    Ok(tally.signals())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn credit(listener: Option<&str>, age_days: i64, now: Timestamp) -> Credit {
        Credit {
            listener: listener.map(str::to_owned),
            listener_joined: listener.map(|_| now - chrono::Duration::days(age_days)),
            credited_at: now,
        }
    }

    #[test]
    fn listeners_new_accounts_and_the_top_listener_are_counted_over_the_credits() {
        let now = Timestamp::now();
        let mut tally = Tally::default();
        for credit in [
            credit(Some("farm-1"), 1, now),
            credit(Some("farm-1"), 1, now),
            credit(Some("farm-1"), 1, now),
            credit(Some("farm-2"), 6, now),
            credit(Some("fan"), 400, now),
            credit(Some("fan"), 7, now),
            credit(None, 0, now),
            credit(Some("other"), 30, now),
        ] {
            tally.add(credit);
        }

        let signals = tally.signals();

        assert_eq!(
            signals,
            Signals {
                credits: 8,
                listeners: 4,
                new_account_credits: 4,
                top_listener_credits: 3,
            }
        );
        assert_eq!(signals.new_account_share(), "50.0%");
        assert_eq!(signals.top_listener_share(), "37.5%");
    }

    #[test]
    fn an_account_is_new_for_exactly_seven_days_at_the_play() {
        let now = Timestamp::now();
        let at = |joined: Timestamp| {
            let mut tally = Tally::default();
            tally.add(Credit {
                listener: Some("x".into()),
                listener_joined: Some(joined),
                credited_at: now,
            });
            tally.signals().new_account_credits
        };
        let seven_days = chrono::Duration::days(7);
        let a_second = chrono::Duration::seconds(1);
        assert_eq!(at(now - seven_days + a_second), 1);
        assert_eq!(at(now - seven_days), 0);
    }

    #[test]
    fn shares_have_one_decimal_and_none_without_credits() {
        assert_eq!(percent(1, 3), "33.3%");
        assert_eq!(percent(2, 3), "66.7%");
        assert_eq!(percent(3, 3), "100.0%");
        assert_eq!(percent(0, 5), "0.0%");
        assert_eq!(percent(0, 0), "-");
        assert_eq!(Signals::default().top_listener_share(), "-");
    }
}
