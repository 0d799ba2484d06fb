//! Where a withdrawal is paid: a PayPal email, or a bank transfer's account holder, IBAN and
//! SWIFT/BIC. Checked in the product's order (what is missing first, then the shape: a plausible
//! email of at most 255 bytes, a holder name of at most 70 characters with a letter and no control
//! characters, an IBAN of its country's length with a valid mod-97 check, a BIC of 8 or 11
//! characters), stored as one serialised text, and shown masked. Every field is thus bounded before
//! it is stored: the operator's tables print what users typed.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use backbeat_auth::is_valid_email;
use backbeat_core::errors::{self, Problem};

/// How a withdrawal is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Paypal,
    Bank,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Paypal => "paypal",
            Self::Bank => "bank",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "paypal" => Some(Self::Paypal),
            "bank" => Some(Self::Bank),
            _ => None,
        }
    }
}

/// `details` as a client sends it: the PayPal email, or the bank transfer's fields.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum GivenDetails {
    Email(String),
    Bank(GivenBankDetails),
}

/// A bank transfer's fields as sent; every one is required.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct GivenBankDetails {
    #[serde(default, alias = "accountName")]
    pub account_name: Option<String>,
    #[serde(default)]
    pub iban: Option<String>,
    #[serde(default)]
    pub swift: Option<String>,
}

/// Checked details, normalised (trimmed; IBAN and BIC upper case without spaces).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Details {
    Paypal {
        email: String,
    },
    Bank {
        account_name: String,
        iban: String,
        swift: String,
    },
}

/// The bank details as they are serialised and stored.
#[derive(Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
struct StoredBank {
    account_name: String,
    iban: String,
    swift: String,
}

impl Details {
    /// Checks what was sent for `method`: what is missing first, then the formats.
    pub fn check(method: Method, given: Option<&GivenDetails>) -> Result<Self, Problem> {
        match method {
            Method::Paypal => {
                let email = match given {
                    Some(GivenDetails::Email(email)) => email.trim(),
                    _ => "",
                };
                if email.is_empty() {
                    return Err(errors::PAYPAL_EMAIL_REQUIRED);
                }
                if !is_valid_email(email) {
                    return Err(errors::INVALID_PAYPAL_EMAIL);
                }
                Ok(Self::Paypal {
                    email: email.to_owned(),
                })
            }
            Method::Bank => {
                let fields = match given {
                    Some(GivenDetails::Bank(fields)) => fields.clone(),
                    _ => GivenBankDetails::default(),
                };
                let field =
                    |value: &Option<String>| value.as_deref().unwrap_or("").trim().to_owned();
                let (account_name, iban, swift) = (
                    field(&fields.account_name),
                    compact(&field(&fields.iban)),
                    compact(&field(&fields.swift)),
                );
                if account_name.is_empty() || iban.is_empty() || swift.is_empty() {
                    return Err(errors::BANK_DETAILS_REQUIRED);
                }
                check_account_name(&account_name)?;
                if !is_valid_iban(&iban) {
                    return Err(errors::INVALID_IBAN);
                }
                if !is_valid_bic(&swift) {
                    return Err(errors::INVALID_SWIFT);
                }
                Ok(Self::Bank {
                    account_name,
                    iban,
                    swift,
                })
            }
        }
    }

    pub fn method(&self) -> Method {
        match self {
            Self::Paypal { .. } => Method::Paypal,
            Self::Bank { .. } => Method::Bank,
        }
    }

    /// The stored form: the email, or one JSON text `{"accountName","iban","swift"}`.
    pub fn serialised(&self) -> String {
        match self {
            Self::Paypal { email } => email.clone(),
            Self::Bank {
                account_name,
                iban,
                swift,
            } => serde_json::to_string(&StoredBank {
                account_name: account_name.clone(),
                iban: iban.clone(),
                swift: swift.clone(),
            })
            .expect("strings serialise"),
        }
    }
}

/// The longest account holder name: SEPA's limit for a party's name.
pub const ACCOUNT_NAME_MAX_CHARS: usize = 70;

/// An account holder's name (trimmed): at most 70 characters, at least one letter, and no
/// control characters or invisible ones that reorder text (bidirectional overrides).
fn check_account_name(name: &str) -> Result<(), Problem> {
    if name.chars().count() > ACCOUNT_NAME_MAX_CHARS {
        return Err(errors::ACCOUNT_NAME_TOO_LONG);
    }
    let hidden = |c: char| {
        c.is_control()
            || matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
    };
    if name.chars().any(hidden) || !name.chars().any(char::is_alphabetic) {
        return Err(errors::INVALID_ACCOUNT_NAME);
    }
    Ok(())
}

/// Stored details as shown: the PayPal email, or "Ada Lovelace · IBAN •••• 1234".
pub fn masked(method: &str, stored: &str) -> String {
    if Method::parse(method) != Some(Method::Bank) {
        return stored.to_owned();
    }
    match serde_json::from_str::<StoredBank>(stored) {
        Ok(bank) => {
            let chars: Vec<char> = bank.iban.chars().collect();
            let last4: String = chars[chars.len().saturating_sub(4)..].iter().collect();
            format!("{} · IBAN •••• {last4}", bank.account_name)
        }
        Err(_) => "Bank transfer".to_owned(),
    }
}

/// Upper case, without spaces.
fn compact(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The IBAN length of each country that has one (the SWIFT IBAN registry): country code and
/// length, space-separated.
const IBAN_LENGTHS: &str = "\
    AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 \
    DE22 DJ27 DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 \
    GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 \
    LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 \
    PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 \
    SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30";

/// An IBAN (upper case, no spaces): its country's length, check digits, letters and digits
/// only, and the ISO 13616 mod-97 check.
pub fn is_valid_iban(iban: &str) -> bool {
    let Some(country) = iban.get(..2) else {
        return false;
    };
    let length = IBAN_LENGTHS
        .split_whitespace()
        .find_map(|entry| entry.strip_prefix(country)?.parse::<usize>().ok());
    if length != Some(iban.len())
        || !iban
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        || !iban[2..4].bytes().all(|b| b.is_ascii_digit())
    {
        return false;
    }
    let rearranged = iban[4..].bytes().chain(iban[..4].bytes());
    let remainder = rearranged.fold(0u32, |rest, byte| {
        let value = if byte.is_ascii_digit() {
            u32::from(byte - b'0')
        } else {
            u32::from(byte - b'A') + 10
        };
        let shift = if value >= 10 { 100 } else { 10 };
        (rest * shift + value) % 97
    });
    remainder == 1
}

/// A BIC (upper case, no spaces): 4 letters of the bank, 2 of the country, 2 letters or digits
/// of the location, and optionally 3 of the branch.
pub fn is_valid_bic(bic: &str) -> bool {
    let bytes = bic.as_bytes();
    (bytes.len() == 8 || bytes.len() == 11)
        && bytes[..6].iter().all(u8::is_ascii_uppercase)
        && bytes[6..]
            .iter()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank(name: &str, iban: &str, swift: &str) -> Option<GivenDetails> {
        Some(GivenDetails::Bank(GivenBankDetails {
            account_name: Some(name.into()),
            iban: Some(iban.into()),
            swift: Some(swift.into()),
        }))
    }

    #[test]
    fn ibans_are_checked_by_country_length_and_mod_97() {
        for valid in [
            "DE89370400440532013000",
            "GB82WEST12345698765432",
            "FR1420041010050500013M02606",
            "NL91ABNA0417164300",
            "BE68539007547034",
        ] {
            assert!(is_valid_iban(valid), "{valid}");
        }
        for invalid in [
            "DE89370400440532013001",
            "DE8937040044053201300",
            "XX89370400440532013000",
            "GB82WEST1234569876543!",
            "DEé937040044053201300",
            "",
            "D",
        ] {
            assert!(!is_valid_iban(invalid), "{invalid}");
        }
    }

    #[test]
    fn bics_have_8_or_11_characters_in_their_shape() {
        for valid in ["DEUTDEFF", "DEUTDEFF500", "NEDSZAJJ", "BNPAFRPPXXX"] {
            assert!(is_valid_bic(valid), "{valid}");
        }
        for invalid in [
            "DEUTDEF",
            "DEUTDEFF50",
            "DEU1DEFF",
            "DEUTD3FF",
            "DEUTDEFF50!",
        ] {
            assert!(!is_valid_bic(invalid), "{invalid}");
        }
    }

    #[test]
    fn what_is_missing_is_reported_before_what_is_malformed() {
        let check = |method, given: Option<GivenDetails>| Details::check(method, given.as_ref());
        assert_eq!(
            check(Method::Paypal, None),
            Err(errors::PAYPAL_EMAIL_REQUIRED)
        );
        assert_eq!(
            check(Method::Paypal, Some(GivenDetails::Email("  ".into()))),
            Err(errors::PAYPAL_EMAIL_REQUIRED)
        );
        assert_eq!(
            check(Method::Paypal, Some(GivenDetails::Email("ada".into()))),
            Err(errors::INVALID_PAYPAL_EMAIL)
        );
        assert_eq!(
            check(Method::Bank, bank("Ada", "", "nope")),
            Err(errors::BANK_DETAILS_REQUIRED)
        );
        assert_eq!(
            check(Method::Bank, bank("Ada", "DE00", "nope")),
            Err(errors::INVALID_IBAN)
        );
        assert_eq!(
            check(
                Method::Bank,
                bank("Ada", "de89 3704 0044 0532 0130 00", "nope")
            ),
            Err(errors::INVALID_SWIFT)
        );
    }

    #[test]
    fn an_account_holder_name_is_bounded_in_length_and_characters() {
        let check = |name: &str| {
            Details::check(
                Method::Bank,
                bank(name, "DE89370400440532013000", "DEUTDEFF").as_ref(),
            )
            .map(|_| ())
        };
        assert_eq!(check(&"a".repeat(70)), Ok(()));
        assert_eq!(check("  Zoë O'Brien-Núñez & Søn  "), Ok(()));
        assert_eq!(check("山田 太郎"), Ok(()));
        assert_eq!(check(&"a".repeat(71)), Err(errors::ACCOUNT_NAME_TOO_LONG));
        assert_eq!(
            check(&"é".repeat(900_000)),
            Err(errors::ACCOUNT_NAME_TOO_LONG)
        );
        for invalid in [
            "Ada\nLovelace",
            "Ada\u{1b}[2J",
            "Ada\u{202E}ecalevol",
            "Ada\0",
            "12345",
            "=1+1",
        ] {
            assert_eq!(
                check(invalid),
                Err(errors::INVALID_ACCOUNT_NAME),
                "{invalid:?}"
            );
        }
        assert_eq!(
            check("   "),
            Err(errors::BANK_DETAILS_REQUIRED),
            "what is missing comes first"
        );
    }

    #[test]
    fn a_paypal_email_is_bounded_in_length_and_characters() {
        let check =
            |email: String| Details::check(Method::Paypal, Some(&GivenDetails::Email(email)));
        let long = format!("{}@example.com", "a".repeat(250));
        assert_eq!(check(long), Err(errors::INVALID_PAYPAL_EMAIL));
        for invalid in [
            "ada\u{7}@example.com",
            "ada@exa\nmple.com",
            "ada@example.com\u{1b}[2J",
        ] {
            assert_eq!(
                check(invalid.into()),
                Err(errors::INVALID_PAYPAL_EMAIL),
                "{invalid:?}"
            );
        }
        assert!(check("ada@example.com".into()).is_ok());
    }

    #[test]
    fn bank_details_are_stored_as_one_text_and_shown_masked() {
        let details = Details::check(
            Method::Bank,
            bank(" Ada Lovelace ", "de89 3704 0044 0532 0130 00", "deutdeff").as_ref(),
        )
        .unwrap();
        let stored = details.serialised();
        assert_eq!(
            stored,
            r#"{"accountName":"Ada Lovelace","iban":"DE89370400440532013000","swift":"DEUTDEFF"}"#
        );
        assert_eq!(masked("bank", &stored), "Ada Lovelace · IBAN •••• 3000");
        assert_eq!(masked("paypal", "ada@example.com"), "ada@example.com");
    }
}
