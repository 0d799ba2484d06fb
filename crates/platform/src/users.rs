//! What every concern relies on about a user's profile row: that it exists, what it is named at
//! first, and its lock. The row is made in two places only, both here: in the sign-up
//! transaction that confirms an account ([`put_new_profile`]), and on first use when it was lost
//! or never written ([`ensure_profile`]).
//!
//! ## Lock order
//!
//! A transaction that changes what one user owns and must see the effect of that user's earlier
//! changes (a reported play, an upload counted against the month, an AutoMix start counted
//! against the day, a playlist deleted while featured) takes the user's profile row first
//! ([`lock`]), then the rows it changes (a playlist, a track), then the balance
//! (`payouts::store::lock_balance`). Taking them in this one order, two transactions never wait
//! on each other in opposite orders.

use serde_json::Value;

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::http::text_schema::{Controls, TextRules};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// The longest display name.
pub const NAME_MAX_CHARS: usize = 80;
/// What [`DisplayName::parse`] takes, as the OpenAPI document says it.
pub const NAME_RULES: TextRules = TextRules {
    max_chars: NAME_MAX_CHARS,
    may_be_empty: false,
    controls: Controls::Refused,
};

/// A display name: trimmed, not empty, at most 80 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(errors::DISPLAY_NAME_REQUIRED.into());
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err(errors::DISPLAY_NAME_TOO_LONG.into());
        }
        if name.chars().any(char::is_control) {
            return Err(errors::DISPLAY_NAME_CONTROL_CHARACTERS.into());
        }
        Ok(Self(name.to_owned()))
    }

    /// The name a profile starts with: the `name` of the sign-up's metadata, else the email's
    /// local part, cut to the allowed length. It follows the name rules, so the name can be
    /// saved again unchanged.
    pub fn for_new_profile(metadata: &Value, email: &str) -> Self {
        let signup_name = metadata.get("name").and_then(Value::as_str);
        let cut = |s: &str| s.trim().chars().take(NAME_MAX_CHARS).collect::<String>();
        let local_part = email.split('@').next().unwrap_or(email);
        signup_name
            .and_then(|name| Self::parse(&cut(name)).ok())
            .or_else(|| Self::parse(&cut(local_part)).ok())
            .unwrap_or_else(|| Self(cut(email)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Takes the user's profile row lock until the transaction ends (see the lock order above).
/// False when the user has no profile.
pub async fn lock(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query("UPDATE profiles SET updated_at = updated_at WHERE id = $1")
        .bind(user_id).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// A transaction holding the user's profile row lock; a profile lost or never written is made
/// again first, as reading it would.
pub async fn begin_locked(db: &Db, user_id: &UserId) -> Result<Tx, Failure> {
    let mut tx = db.begin().await?;
    if lock(&mut tx, user_id).await? {
        return Ok(tx);
    }
    drop(tx);
    ensure_profile(db, user_id).await?;
    let mut tx = db.begin().await?;
    if !lock(&mut tx, user_id).await? {
        return Err(Failure::unexpected(anyhow::anyhow!(
            "the profile of {user_id} is gone"
        )));
    }
    Ok(tx)
}

/// Makes the free-plan profile of an account that has none (a profile row lost or never
/// written), named from its sign-up, as the original app did on PGRST116. Two first reads may
/// race: the second changes nothing. `profile_not_found` when the account does not exist.
pub async fn ensure_profile(db: &Db, user_id: &UserId) -> Result<(), Failure> {
    let account: Option<(String, String)> = on_db!(db, pool => sqlx::query_as(
        "SELECT email, user_metadata FROM users WHERE id = $1")
        .bind(user_id).fetch_optional(pool).await)?;
    let (email, user_metadata) = account.ok_or(errors::PROFILE_NOT_FOUND)?;
    let metadata: Value = serde_json::from_str(&user_metadata).unwrap_or(Value::Null);
    let name = DisplayName::for_new_profile(&metadata, &email);
    on_db!(db, pool => sqlx::query(
        "INSERT INTO profiles (id, name, email, subscription_plan, created_at, updated_at) \
         VALUES ($1, $2, $3, 'free', $4, $4) ON CONFLICT (id) DO NOTHING")
        .bind(user_id).bind(name.as_str()).bind(&email).bind(Timestamp::now())
        .execute(pool).await.map(drop))?;
    Ok(())
}

/// Creates the profile of a new account on the free plan, in the transaction that confirms it,
/// named as its sign-up chose (`metadata`); the profile of an account that was never confirmed
/// (made by an earlier sign-up of its address) takes the name of the sign-up that is confirmed.
pub async fn put_new_profile(
    tx: &mut Tx,
    user_id: &UserId,
    email: &str,
    metadata: &Value,
    now: Timestamp,
) -> sqlx::Result<()> {
    let name = DisplayName::for_new_profile(metadata, email);
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO profiles (id, name, email, subscription_plan, created_at, updated_at) \
         VALUES ($1, $2, $3, 'free', $4, $4) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at")
        .bind(user_id).bind(name.as_str()).bind(email).bind(now).execute(conn).await.map(drop))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_display_name_is_taken_exactly_as_the_document_says() {
        for probe in NAME_RULES.probes() {
            assert_eq!(
                DisplayName::parse(&probe).is_ok(),
                NAME_RULES.fits(&probe),
                "{probe:?}"
            );
        }
    }

    #[test]
    fn a_display_name_is_trimmed_and_required() {
        assert_eq!(
            DisplayName::parse("  Ana Lima ").unwrap().as_str(),
            "Ana Lima"
        );
        for blank in ["", "   ", "\n\t"] {
            assert!(
                matches!(DisplayName::parse(blank), Err(e) if e.is(errors::DISPLAY_NAME_REQUIRED))
            );
        }
        assert_eq!(
            errors::DISPLAY_NAME_REQUIRED.message.to_string(),
            "Please enter a display name."
        );
    }

    #[test]
    fn a_display_name_has_at_most_80_characters_and_no_control_characters() {
        assert!(DisplayName::parse(&"é".repeat(80)).is_ok());
        assert!(
            matches!(DisplayName::parse(&"é".repeat(81)), Err(e) if e.is(errors::DISPLAY_NAME_TOO_LONG))
        );
        assert!(
            matches!(DisplayName::parse("Ana\nLima"), Err(e) if e.is(errors::DISPLAY_NAME_CONTROL_CHARACTERS))
        );
        assert!(
            matches!(DisplayName::parse("Ana\0"), Err(e) if e.is(errors::DISPLAY_NAME_CONTROL_CHARACTERS))
        );
    }

    #[test]
    fn a_new_profile_is_named_from_sign_up_data_else_the_email() {
        let named = |metadata: Value| DisplayName::for_new_profile(&metadata, "bo@x.io");
        assert_eq!(named(json!({"name": " Bo "})).as_str(), "Bo");
        assert_eq!(named(json!({"name": "  "})).as_str(), "bo");
        assert_eq!(named(json!({})).as_str(), "bo");
        assert_eq!(named(Value::Null).as_str(), "bo");
        assert_eq!(
            named(json!({"name": "n".repeat(100)})).as_str(),
            "n".repeat(80)
        );
    }
}
