//! The sandbox's card form, checked as Stripe's test mode checks it: the test card
//! `4242 4242 4242 4242` pays, `4000 0000 0000 0002` is declined, any other number is
//! incorrect; the expiry is `MM/YY` and not past; the CVC is 3 or 4 digits. Refusals use
//! Stripe's words.

use chrono::Datelike;

const PAYS: &str = "4242424242424242";
const DECLINED: &str = "4000000000000002";

/// A card that passed the form's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    Pays,
    Declined,
}

/// What the form asks for, as typed.
#[derive(Clone, Debug, Default)]
pub struct CardForm<'a> {
    pub number: &'a str,
    pub expiry: &'a str,
    pub cvc: &'a str,
}

/// Checks the form in the order of its fields, at `today` (year, month); answers the card or
/// the message shown under the form.
pub fn check(form: &CardForm<'_>, today: (i32, u32)) -> Result<Card, &'static str> {
    let number: String = form.number.chars().filter(|c| !c.is_whitespace()).collect();
    if number.is_empty() {
        return Err("Your card number is incomplete.");
    }
    if !number.chars().all(|c| c.is_ascii_digit()) {
        return Err("Your card number is invalid.");
    }
    let card = match number.as_str() {
        PAYS => Card::Pays,
        DECLINED => Card::Declined,
        _ => return Err("Your card number is incorrect."),
    };
    check_expiry(form.expiry, today)?;
    check_cvc(form.cvc)?;
    Ok(card)
}

fn check_expiry(expiry: &str, (year, month): (i32, u32)) -> Result<(), &'static str> {
    let compact: String = expiry.chars().filter(|c| !c.is_whitespace()).collect();
    let parsed = compact.split_once('/').and_then(|(mm, yy)| {
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        (digits(mm) && mm.len() <= 2 && digits(yy) && matches!(yy.len(), 2 | 4))
            .then(|| (mm.parse::<u32>().ok(), yy.parse::<i32>().ok()))
    });
    let Some((Some(card_month), Some(card_year))) = parsed else {
        return Err("Your card's expiration date is incomplete.");
    };
    if !(1..=12).contains(&card_month) {
        return Err("Your card's expiration month is invalid.");
    }
    let card_year = if card_year < 100 {
        year - year % 100 + card_year
    } else {
        card_year
    };
    if card_year < year {
        return Err("Your card's expiration year is in the past.");
    }
    if card_year == year && card_month < month {
        return Err("Your card's expiration date is in the past.");
    }
    Ok(())
}

fn check_cvc(cvc: &str) -> Result<(), &'static str> {
    let cvc = cvc.trim();
    if !cvc.chars().all(|c| c.is_ascii_digit()) || cvc.len() > 4 {
        return Err("Your card's security code is invalid.");
    }
    if cvc.len() < 3 {
        return Err("Your card's security code is incomplete.");
    }
    Ok(())
}

/// This month, (year, month), in UTC.
pub fn this_month() -> (i32, u32) {
    let now = chrono::Utc::now();
    (now.year(), now.month())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: (i32, u32) = (2026, 5);

    fn form<'a>(number: &'a str, expiry: &'a str, cvc: &'a str) -> CardForm<'a> {
        CardForm {
            number,
            expiry,
            cvc,
        }
    }

    #[test]
    fn the_test_cards_pay_or_are_declined_with_or_without_spaces() {
        assert_eq!(
            check(&form("4242 4242 4242 4242", "12/30", "123"), TODAY),
            Ok(Card::Pays)
        );
        assert_eq!(
            check(&form("4242424242424242", "05 / 26", "1234"), TODAY),
            Ok(Card::Pays)
        );
        assert_eq!(
            check(&form("4000 0000 0000 0002", "12/30", "123"), TODAY),
            Ok(Card::Declined)
        );
    }

    #[test]
    fn another_number_is_incorrect() {
        assert_eq!(
            check(&form("4111 1111 1111 1111", "12/30", "123"), TODAY),
            Err("Your card number is incorrect.")
        );
        assert_eq!(
            check(&form("", "12/30", "123"), TODAY),
            Err("Your card number is incomplete.")
        );
        assert_eq!(
            check(&form("4242-4242", "12/30", "123"), TODAY),
            Err("Your card number is invalid.")
        );
    }

    #[test]
    fn a_past_or_malformed_expiry_is_refused() {
        let pays = "4242424242424242";
        assert_eq!(
            check(&form(pays, "04/26", "123"), TODAY),
            Err("Your card's expiration date is in the past.")
        );
        assert_eq!(
            check(&form(pays, "12/25", "123"), TODAY),
            Err("Your card's expiration year is in the past.")
        );
        assert_eq!(
            check(&form(pays, "13/30", "123"), TODAY),
            Err("Your card's expiration month is invalid.")
        );
        assert_eq!(
            check(&form(pays, "1230", "123"), TODAY),
            Err("Your card's expiration date is incomplete.")
        );
    }

    #[test]
    fn a_cvc_is_three_or_four_digits() {
        let pays = "4242424242424242";
        assert_eq!(
            check(&form(pays, "12/30", "12"), TODAY),
            Err("Your card's security code is incomplete.")
        );
        assert_eq!(
            check(&form(pays, "12/30", "12a"), TODAY),
            Err("Your card's security code is invalid.")
        );
        assert_eq!(
            check(&form(pays, "12/30", "12345"), TODAY),
            Err("Your card's security code is invalid.")
        );
    }
}
