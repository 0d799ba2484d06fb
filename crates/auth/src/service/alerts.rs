//! Security mail: whenever an account's second factors, recovery codes or password change, its
//! address is told, with a signed link, "This wasn't me", valid 7 days, that takes the account
//! back from whoever holds a session of it: the factors added in the last 7 days and every
//! recovery code go, every session ends, and a password reset is mailed. A stolen access token
//! can turn two-factor authentication on; it cannot keep the account.

use super::*;
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_core::signing::{self, LinkError};

/// How long a "This wasn't me" link works, and how far back the factors it removes go.
pub const NOT_ME_DAYS: i64 = 7;
const NOT_ME_PURPOSE: &str = "not-me";

/// What changed on an account.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountChange {
    FactorAdded,
    FactorRemoved,
    PasswordChanged,
    RecoveryCodesRenewed,
    RecoveryCodeUsed,
}

impl AccountChange {
    fn subject(self) -> &'static str {
        match self {
            Self::FactorAdded => {
                "Two-factor authentication was turned on for your Backbeat account"
            }
            Self::FactorRemoved => {
                "Two-factor authentication was turned off for your Backbeat account"
            }
            Self::PasswordChanged => "Your Backbeat password was changed",
            Self::RecoveryCodesRenewed => "New recovery codes were made for your Backbeat account",
            Self::RecoveryCodeUsed => "A recovery code was used to log in to your Backbeat account",
        }
    }

    fn what_happened(self) -> &'static str {
        match self {
            Self::FactorAdded => "an authenticator app was added to your account",
            Self::FactorRemoved => "an authenticator app was removed from your account",
            Self::PasswordChanged => "the password of your account was changed",
            Self::RecoveryCodesRenewed => {
                "new two-factor recovery codes were made for your account (the old ones no longer work)"
            }
            Self::RecoveryCodeUsed => {
                "a two-factor recovery code was used to log in to your account"
            }
        }
    }
}

/// What "This wasn't me" (or an operator's reset) did.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct SecuredAccount {
    /// Second factors removed (added within the last 7 days).
    pub factors_removed: u64,
    /// Sessions ended (all of them).
    pub sessions_ended: u64,
}

impl AuthService {
    /// Mails the account's owner that `change` happened, from where, with the "This wasn't me"
    /// link. The change is made already: a mail that cannot go out is logged, never answered.
    pub(super) async fn notify_change(
        &self,
        user: &UserRow,
        change: AccountChange,
        meta: &RequestMeta,
    ) {
        let now = chrono::Utc::now();
        let link = format!(
            "{}/not-me?token={}",
            self.public_url,
            self.not_me_token(&user.id, now.timestamp())
        );
        let browser = meta
            .user_agent
            .as_deref()
            .map(|ua| ua.chars().filter(|c| !c.is_control()).take(200).collect())
            .unwrap_or_else(|| "an unknown app".to_owned());
        let text = format!(
            "On {when}, {what}.\n\
             It was done from the address {ip} with {browser}.\n\n\
             If this was you, there is nothing to do.\n\n\
             If this wasn't you, open this link (it works for {NOT_ME_DAYS} days):\n\n{link}\n\n\
             It removes any two-factor authentication added in the last {NOT_ME_DAYS} days and \
             every recovery code, logs out every device, and emails you a link to choose a new \
             password.\n\n-- Backbeat\n",
            when = now.format("%B %-d, %Y at %H:%M UTC"),
            what = change.what_happened(),
            ip = meta.ip,
        );
        let mail = Mail {
            to: user.email.clone(),
            subject: change.subject().to_owned(),
            text,
        };
        if let Err(err) = self.mailer.send(mail).await {
            tracing::error!(error = %err, ?change, "cannot send a security mail");
        }
    }

    /// The token of a "This wasn't me" link for `user_id` issued at `now` (Unix seconds):
    /// `{user id}.{expiry}.{signature}`.
    fn not_me_token(&self, user_id: &UserId, now: i64) -> String {
        let expires = now + NOT_ME_DAYS * 86_400;
        let signature = signing::sign_link(self.keys.secret(), NOT_ME_PURPOSE, user_id, expires);
        format!("{user_id}.{expires}.{signature}")
    }

    /// "This wasn't me": checks the link's token, then removes the factors added in the last
    /// 7 days and every recovery code, ends every session, and mails a password reset.
    pub async fn not_me(&self, token: &str, meta: &RequestMeta) -> Result<SecuredAccount, Failure> {
        if self.limits.check(Limited::NotMe, meta.ip).await.is_err() {
            return Err(errors::TOO_MANY_ATTEMPTS.into());
        }
        let now = now();
        let mut parts = token.trim().splitn(3, '.');
        let (Some(user_id), Some(expires), Some(signature)) =
            (parts.next(), parts.next(), parts.next())
        else {
            return Err(errors::SECURITY_LINK_INVALID.into());
        };
        signing::verify_link_text(
            self.keys.secret(),
            NOT_ME_PURPOSE,
            user_id,
            expires,
            signature,
            now.unix_seconds(),
        )
        .map_err(|_: LinkError| errors::SECURITY_LINK_INVALID)?;
        let Some(user) = store::find_user(&self.db, &UserId::from(user_id)).await? else {
            return Err(errors::SECURITY_LINK_INVALID.into());
        };
        let since = now - chrono::Duration::days(NOT_ME_DAYS);
        let secured = self.secure(&user.id, Some(since), true).await?;
        tracing::warn!(
            user_id = %user.id,
            factors_removed = secured.factors_removed,
            sessions_ended = secured.sessions_ended,
            "account secured by its owner's \"This wasn't me\" link"
        );
        if let Err(err) = self.send_one_time_mail(&user, OneTimeKind::Recovery).await {
            tracing::error!(error = ?err, "cannot mail the password reset of a secured account");
        }
        Ok(secured)
    }

    /// Removes the user's second factors created since `since` (all of them when `None`) and
    /// every recovery code, ends all their sessions and, with `revoke_app_passwords` (the
    /// owner's "This wasn't me": someone else may have made them), revokes every app password,
    /// in one transaction.
    async fn secure(
        &self,
        user_id: &UserId,
        since: Option<Timestamp>,
        revoke_app_passwords: bool,
    ) -> sqlx::Result<SecuredAccount> {
        let mut tx = self.db.begin().await?;
        let factors_removed = store::delete_factors_since(&mut tx, user_id, since).await?;
        store::delete_recovery_codes(&mut tx, user_id).await?;
        if revoke_app_passwords {
            crate::store::app_passwords::delete_all(&mut tx, user_id).await?;
        }
        let sessions_ended = store::delete_sessions(&mut tx, user_id, SessionScope::All).await?;
        tx.commit().await?;
        self.announce_sessions_ended(user_id).await;
        Ok(SecuredAccount {
            factors_removed,
            sessions_ended,
        })
    }

    /// The operator's `backbeat users reset-two-factor`: removes every second factor and
    /// recovery code of the account with `email` and ends its sessions. `None` when there is no
    /// such account.
    pub async fn reset_two_factor(&self, email: &str) -> sqlx::Result<Option<SecuredAccount>> {
        let Some(user) = store::find_user_by_email(&self.db, &normalize_email(email)).await? else {
            return Ok(None);
        };
        let secured = self.secure(&user.id, None, false).await?;
        let mail = Mail {
            to: user.email.clone(),
            subject: "Two-factor authentication was reset on your Backbeat account".to_owned(),
            text: "An operator of this Backbeat server removed two-factor authentication from \
                   your account and logged out every device.\n\nLog in with your password, then \
                   turn two-factor authentication on again in Profile & Settings. If you did not \
                   ask for this, reset your password from the login page and tell the operator.\n\n\
                   -- Backbeat\n"
                .to_owned(),
        };
        if let Err(err) = self.mailer.send(mail).await {
            tracing::error!(error = %err, "cannot mail the reset of two-factor authentication");
        }
        Ok(Some(secured))
    }
}
