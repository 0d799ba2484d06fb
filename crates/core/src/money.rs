//! Money: integer units of 0.0001 EUR, never a float. [`Units`] owns the arithmetic, the
//! rounding to whole cents a payout takes and the way an amount is shown.

use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// An amount of money in units of 0.0001 EUR. Stored and answered as the plain integer
/// (`balance_units`, `amount_units`), so the database and the API see what they saw before.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
    sqlx::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Units(i64);

impl Units {
    /// Units per euro.
    pub const PER_EUR: i64 = 10_000;
    /// Units per cent: a payout is a whole number of cents.
    pub const PER_CENT: i64 = 100;
    pub const ZERO: Self = Self(0);

    pub const fn new(units: i64) -> Self {
        Self(units)
    }

    pub const fn euros(euros: i64) -> Self {
        Self(euros * Self::PER_EUR)
    }

    pub const fn get(self) -> i64 {
        self.0
    }

    /// The part that can be paid out: whole cents, rounded down.
    pub const fn whole_cents(self) -> Self {
        Self(self.0 - self.0.rem_euclid(Self::PER_CENT))
    }

    /// The amount in EUR with 2 decimals, rounded toward zero: 123_456 units -> "12.34".
    pub fn eur(self) -> String {
        let cents = (self.0 / Self::PER_CENT).unsigned_abs();
        let sign = if self.0 < 0 { "-" } else { "" };
        format!("{sign}{}.{:02}", cents / 100, cents % 100)
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }
}

impl fmt::Display for Units {
    /// Shown as euros: `12.34`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.eur())
    }
}

impl Add for Units {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self(self.0 + other.0)
    }
}

impl AddAssign for Units {
    fn add_assign(&mut self, other: Self) {
        self.0 += other.0;
    }
}

impl Sub for Units {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self(self.0 - other.0)
    }
}

impl Neg for Units {
    type Output = Self;
    fn neg(self) -> Self {
        Self(-self.0)
    }
}

impl Mul<i64> for Units {
    type Output = Self;
    /// `count` times the amount (a price per play times the plays).
    fn mul(self, count: i64) -> Self {
        Self(self.0 * count)
    }
}

impl std::iter::Sum for Units {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        Self(iter.map(|u| u.0).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euros_are_shown_with_two_decimals_rounded_toward_zero() {
        let eur = |units| Units::new(units).eur();
        assert_eq!(eur(0), "0.00");
        assert_eq!(eur(21), "0.00");
        assert_eq!(eur(99), "0.00");
        assert_eq!(eur(100), "0.01");
        assert_eq!(eur(49_999), "4.99");
        assert_eq!(eur(50_000), "5.00");
        assert_eq!(eur(123_456), "12.34");
        assert_eq!(eur(-123_456), "-12.34");
        assert_eq!(Units::euros(5).to_string(), "5.00");
    }

    #[test]
    fn a_payout_takes_whole_cents_and_leaves_the_rest() {
        let cents = |units| Units::new(units).whole_cents().get();
        assert_eq!(cents(50_021), 50_000);
        assert_eq!(cents(123_456), 123_400);
        assert_eq!(cents(50_000), 50_000);
        assert_eq!(cents(99), 0);
    }

    #[test]
    fn amounts_add_up_in_units() {
        let play = Units::new(21);
        assert_eq!(play * 1_000, Units::new(21_000));
        assert_eq!((play * 1_000).eur(), "2.10");
        assert_eq!(Units::euros(5) - Units::new(1), Units::new(49_999));
        assert_eq!(-play, Units::new(-21));
        assert_eq!([play, play].into_iter().sum::<Units>(), Units::new(42));
        assert_eq!(serde_json::to_string(&Units::new(42)).unwrap(), "42");
    }
}
