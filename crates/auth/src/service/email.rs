//! Password recovery and email confirmation by mailed link or code.

use super::*;
use crate::store::SignupCredentials;

impl AuthService {
    /// Mails a recovery link and code. The answer is the same whether the address has an
    /// account or not, and whether its last mail was too recent to send another: only the
    /// limits that count every address alike (per client, per address) answer 429.
    pub async fn recover(&self, email: Option<String>, meta: &RequestMeta) -> AuthResult<()> {
        self.limits.check(Limited::Recover, meta.ip).await?;
        let email = email
            .as_deref()
            .map(normalize_email)
            .filter(|e| !e.is_empty())
            .ok_or_else(|| validation("Password recovery requires an email"))?;
        let user = store::find_user_by_email(&self.db, &email).await?;
        self.check_account_budget(Limited::Recover, &email, user.as_ref().map(|u| &u.id), meta)
            .await?;
        let Some(user) = user else {
            return Ok(());
        };
        self.send_one_time_mail(&user, OneTimeKind::Recovery).await
    }

    /// Mails a link and a code for `kind`, unless one went out within the send interval: then
    /// nothing is sent, and the caller answers as if it had been (an answer that differed
    /// would tell who has an account).
    pub(super) async fn send_one_time_mail(
        &self,
        user: &UserRow,
        kind: OneTimeKind,
    ) -> AuthResult<()> {
        let now = now();
        let interval = chrono::Duration::seconds(self.config.email_send_interval_secs as i64);
        if !store::claim_mail_slot(&self.db, &user.id, kind, now, now - interval).await? {
            tracing::info!(
                ?kind,
                "one-time mail not sent: the last one went out too recently"
            );
            return Ok(());
        }
        self.mail_one_time_token(user, kind, &SignupCredentials::default(), now)
            .await
    }

    /// Mails a new link and code for `kind` (the older links of the kind keep working, their
    /// codes do not); a confirmation carries the `credentials` of the sign-up it confirms.
    pub(super) async fn mail_one_time_token(
        &self,
        user: &UserRow,
        kind: OneTimeKind,
        credentials: &SignupCredentials,
        now: Timestamp,
    ) -> AuthResult<()> {
        let token = random_token();
        let code = format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000));
        let mut tx = self.db.begin().await?;
        store::add_one_time_token(
            &mut tx,
            &user.id,
            kind,
            &sha256_hex(&token),
            &code_hash(&user.email, &code),
            credentials,
            now,
        )
        .await?;
        store::record_mail_sent(&mut tx, &user.id, kind, now).await?;
        tx.commit().await?;
        let (subject, path, kind_param, intro) = match kind {
            OneTimeKind::Recovery => (
                "Reset your Backbeat password",
                "reset-password",
                "recovery",
                "Someone (hopefully you) asked to reset the password of your Backbeat account.\n\
                 Open this link to choose a new password:",
            ),
            OneTimeKind::Confirmation => (
                "Confirm your Backbeat account",
                "confirm",
                "signup",
                "Welcome to Backbeat! Open this link to confirm your email address:",
            ),
        };
        let link = format!(
            "{}/{path}?token_hash={token}&type={kind_param}",
            self.public_url
        );
        let text = format!(
            "{intro}\n\n{link}\n\nOr enter this code: {code}\n\n\
             The link and the code work once and expire in 1 hour. If you did not ask for this,\n\
             you can ignore this email.\n\n-- Backbeat\n"
        );
        self.mailer
            .send(Mail {
                to: user.email.clone(),
                subject: subject.into(),
                text,
            })
            .await
            .map_err(|e| AuthError::internal(e.context("sending mail failed")))
    }

    pub async fn verify(&self, body: wire::VerifyBody, meta: &RequestMeta) -> AuthResult<Session> {
        self.limits.check(Limited::Verify, meta.ip).await?;
        let kind = match body.kind.as_deref() {
            Some("recovery") => OneTimeKind::Recovery,
            Some("signup" | "email") => OneTimeKind::Confirmation,
            Some(_) => {
                return Err(AuthError::forbidden(
                    "otp_expired",
                    "Email link is invalid or has expired",
                ));
            }
            None => return Err(validation("Verify requires a verification type")),
        };
        let token_hash = body
            .token_hash
            .filter(|t| !t.is_empty())
            .map(|t| sha256_hex(&t));
        let code_email = body
            .email
            .as_deref()
            .map(normalize_email)
            .filter(|e| !e.is_empty());
        let code = match (body.token.filter(|t| !t.is_empty()), &code_email) {
            (Some(token), Some(email)) => Some(code_hash(email, &token)),
            _ => None,
        };
        if token_hash.is_none() && code.is_none() {
            return Err(validation("Verify requires either a token or a token hash"));
        }
        let expired =
            || AuthError::forbidden("otp_expired", "Email link is invalid or has expired");
        // A six-digit code is guessable: guesses count per address, and against the code.
        let guessed_email = code_email.filter(|_| code.is_some());
        if let Some(email) = &guessed_email {
            let user = store::find_user_by_email(&self.db, email).await?;
            self.check_account_budget(Limited::Verify, email, user.as_ref().map(|u| &u.id), meta)
                .await?;
        }
        let now = now();
        let mut tx = self.db.begin().await?;
        let Some(taken) =
            store::take_one_time_token(&mut tx, kind, token_hash.as_deref(), code.as_deref())
                .await?
        else {
            if let Some(email) = &guessed_email {
                store::fail_one_time_code(&mut tx, kind, email, MAX_CODE_ATTEMPTS).await?;
                tx.commit().await?;
            }
            return Err(expired());
        };
        if taken.created_at + chrono::Duration::seconds(ONE_TIME_TOKEN_TTL_SECS) < now {
            tx.commit().await?;
            return Err(expired());
        }
        let user_id = taken.user_id;
        let Some(user) = store::lock_user(&mut tx, &user_id).await? else {
            return Err(expired());
        };
        if user.email_confirmed_at.is_none() {
            self.activate_account(&mut tx, &user, kind, &taken.credentials, now)
                .await?;
        }
        // One link of a kind used: the other links of that kind are void.
        store::delete_one_time_tokens(&mut tx, &user_id, kind).await?;
        store::confirm_email(&mut tx, &user_id, now).await?;
        store::record_sign_in(&mut tx, &user_id, now).await?;
        // A recovery link lets its session set a new password without the old one, for a while.
        let recovery_until = (kind == OneTimeKind::Recovery)
            .then(|| now + chrono::Duration::seconds(RECOVERY_GRANT_SECS));
        let (session, refresh_id) = self
            .start_session(&mut tx, &user_id, "otp", meta, now, recovery_until)
            .await?;
        tx.commit().await?;
        let user = store::find_user(&self.db, &user_id)
            .await?
            .ok_or_else(expired)?;
        let factors = store::list_factors(&self.db, &user_id).await?;
        self.session_response(&user, &factors, &session, refresh_id, None)
    }
}
