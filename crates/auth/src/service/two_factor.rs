//! TOTP two-factor authentication: enrol, challenge, verify (with the app's code or a recovery
//! code), remove; recovery codes.

use super::alerts::AccountChange;
use super::*;
use crate::recovery_code;
use backbeat_core::ids::UserId;

/// The answer to a code of this moment that already passed (GoTrue's code, our words).
pub const CODE_JUST_USED: &str =
    "This code was just used. Wait for your authenticator app to show a new one.";

/// What raised a session to `aal2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SecondFactor {
    Totp,
    RecoveryCode,
}

impl SecondFactor {
    /// Its `amr` method (GoTrue's for TOTP; clients take any other text as it is).
    fn amr(self) -> &'static str {
        match self {
            Self::Totp => "totp",
            Self::RecoveryCode => "recovery_code",
        }
    }
}

impl AuthService {
    pub async fn enroll_factor(
        &self,
        auth: &Authenticated,
        body: wire::EnrollBody,
    ) -> AuthResult<Value> {
        match body.factor_type.as_deref() {
            Some("totp") => {}
            Some("phone") => {
                return Err(AuthError::unprocessable(
                    "mfa_phone_enroll_not_enabled",
                    "MFA enroll is disabled for Phone",
                ));
            }
            _ => return Err(validation("factor_type needs to be totp")),
        }
        let now = now();
        store::delete_stale_unverified_factors(
            &self.db,
            &auth.user.id,
            now - chrono::Duration::seconds(MFA_WINDOW_SECS),
        )
        .await?;
        let factors = store::list_factors(&self.db, &auth.user.id).await?;
        if factors.iter().any(FactorRow::is_verified) && auth.session.aal != "aal2" {
            return Err(AuthError::forbidden(
                "insufficient_aal",
                "AAL2 required to enroll a new factor",
            ));
        }
        let friendly_name = body.friendly_name.unwrap_or_default().trim().to_owned();
        let conflict = || {
            AuthError::unprocessable(
                "mfa_factor_name_conflict",
                format!(
                    "A factor with the friendly name \"{friendly_name}\" for this user already exists"
                ),
            )
        };
        if !friendly_name.is_empty() && factors.iter().any(|f| f.friendly_name == friendly_name) {
            return Err(conflict());
        }
        let issuer = body
            .issuer
            .filter(|i| !i.trim().is_empty())
            .unwrap_or_else(|| self.config.totp_issuer.clone());
        let secret = totp::new_secret();
        let uri = totp::otpauth_uri(&secret, &issuer, &auth.user.email)
            .ok_or_else(|| validation("Invalid issuer"))?;
        let qr_code = totp::qr_code_svg(&uri)
            .ok_or_else(|| AuthError::internal(anyhow::anyhow!("QR code too large")))?;
        let factor = FactorRow {
            id: Uuid::now_v7().to_string(),
            user_id: auth.user.id.clone(),
            friendly_name: friendly_name.clone(),
            factor_type: "totp".into(),
            status: FactorStatus::Unverified,
            secret: secret.clone(),
            last_used_step: None,
            created_at: now,
            updated_at: now,
        };
        if let Err(err) = store::insert_factor(&self.db, &factor).await {
            return Err(if is_unique_violation(&err) {
                conflict()
            } else {
                err.into()
            });
        }
        Ok(json!({
            "id": factor.id,
            "type": "totp",
            "friendly_name": friendly_name,
            "totp": { "qr_code": qr_code, "secret": secret, "uri": uri },
        }))
    }

    pub async fn challenge_factor(
        &self,
        auth: &Authenticated,
        factor_id: &str,
        meta: &RequestMeta,
    ) -> AuthResult<Value> {
        let factor = self.own_factor(auth, factor_id).await?;
        let now = now();
        let id = Uuid::now_v7().to_string();
        store::insert_challenge(&self.db, &id, &factor.id, Some(&meta.ip.to_string()), now).await?;
        Ok(json!({
            "id": id,
            "type": factor.factor_type,
            "expires_at": now.unix_seconds() + MFA_WINDOW_SECS,
        }))
    }

    pub async fn verify_factor(
        &self,
        auth: &Authenticated,
        factor_id: &str,
        body: wire::FactorVerifyBody,
        meta: &RequestMeta,
    ) -> AuthResult<Session> {
        self.limits.check(Limited::FactorVerify, meta.ip).await?;
        self.check_account_budget(
            Limited::FactorVerify,
            &auth.user.email,
            Some(&auth.user.id),
            meta,
        )
        .await?;
        let factor = self.own_factor(auth, factor_id).await?;
        let (Some(challenge_id), Some(code)) = (body.challenge_id, body.code) else {
            return Err(validation("challenge_id and code are required"));
        };
        let now = now();
        let mut tx = self.db.begin().await?;
        let challenged_at = store::lock_challenge(&mut tx, &challenge_id, &factor.id)
            .await?
            .ok_or_else(|| {
                AuthError::not_found("mfa_challenge_not_found", "Challenge not found")
            })?;
        if challenged_at + chrono::Duration::seconds(MFA_WINDOW_SECS) < now {
            store::delete_challenge(&mut tx, &challenge_id).await?;
            tx.commit().await?;
            return Err(AuthError::unprocessable(
                "mfa_challenge_expired",
                format!("Challenge and verify must be completed within {MFA_WINDOW_SECS} seconds"),
            ));
        }
        let wrong =
            || AuthError::unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
        // A wrong code counts against the challenge, which is gone after the fifth. A recovery
        // code stands in for the code of a verified factor, never for an enrolment's first.
        let verified_before = factor.is_verified();
        // A code of this moment that already passed once is refused like a wrong one, but the
        // message says why: the user typed what the app shows and only needs to wait.
        let mut used_before = false;
        let method = match totp::matching_step(&factor.secret, &code, now.unix_seconds() as u64) {
            Some(step) => {
                let fresh = store::use_factor_step(&mut tx, &factor.id, step, now).await?;
                used_before = !fresh;
                fresh.then_some(SecondFactor::Totp)
            }
            None => match recovery_code::normalize(&code) {
                Some(typed) if verified_before => {
                    let hash = recovery_code::hash(self.keys.secret(), &auth.user.id, &typed);
                    store::use_recovery_code(&mut tx, &auth.user.id, &hash, now)
                        .await?
                        .then_some(SecondFactor::RecoveryCode)
                }
                _ => None,
            },
        };
        let Some(method) = method else {
            store::fail_challenge(&mut tx, &challenge_id, MAX_CODE_ATTEMPTS).await?;
            tx.commit().await?;
            return Err(if used_before {
                AuthError::unprocessable("mfa_verification_failed", CODE_JUST_USED)
            } else {
                wrong()
            });
        };
        store::delete_challenge(&mut tx, &challenge_id).await?;
        let mut amr: Vec<AmrEntry> = serde_json::from_str(&auth.session.amr).unwrap_or_default();
        amr.insert(
            0,
            AmrEntry {
                method: method.amr().into(),
                timestamp: now.unix_seconds(),
            },
        );
        let amr_text = serde_json::to_string(&amr).map_err(AuthError::internal)?;
        store::raise_session(
            &mut tx,
            &auth.session.id,
            "aal2",
            &amr_text,
            &factor.id,
            now,
        )
        .await?;
        store::delete_sessions(
            &mut tx,
            &auth.user.id,
            SessionScope::BelowAal2Except(&auth.session.id),
        )
        .await?;
        store::revoke_refresh_tokens(&mut tx, &auth.session.id, now).await?;
        let refresh_id = self
            .issue_refresh_token(&mut tx, &auth.session.id, None, now)
            .await?;
        let factors = store::list_factors_in(&mut tx, &auth.user.id).await?;
        // The account's first factor comes with its recovery codes, shown this once.
        let first_factor = !verified_before
            && factors
                .iter()
                .filter(|f| f.is_verified())
                .all(|f| f.id == factor.id);
        let recovery_codes = if first_factor {
            Some(
                self.replace_recovery_codes(&mut tx, &auth.user.id, now)
                    .await?,
            )
        } else {
            None
        };
        tx.commit().await?;
        self.announce_sessions_ended(&auth.user.id).await;
        let session = SessionRow {
            aal: "aal2".into(),
            amr: amr_text,
            factor_id: Some(factor.id.clone()),
            ..auth.session.clone()
        };
        tracing::info!(factor_id = %factor.id, ?method, "two-factor code verified");
        if !verified_before {
            self.notify_change(&auth.user, AccountChange::FactorAdded, meta)
                .await;
        } else if method == SecondFactor::RecoveryCode {
            self.notify_change(&auth.user, AccountChange::RecoveryCodeUsed, meta)
                .await;
        }
        let mut answer = self.session_response(&auth.user, &factors, &session, refresh_id, None)?;
        answer.recovery_codes = recovery_codes;
        Ok(answer)
    }

    /// New recovery codes for an account with two-factor authentication; the old ones stop
    /// working. The owner is mailed.
    pub async fn renew_recovery_codes(
        &self,
        user_id: &UserId,
        meta: &RequestMeta,
    ) -> Result<Vec<String>, backbeat_core::errors::Failure> {
        let user = store::find_user(&self.db, user_id)
            .await?
            .ok_or(backbeat_core::errors::SESSION_EXPIRED)?;
        let now = now();
        let mut tx = self.db.begin().await?;
        let has_factor = store::list_factors_in(&mut tx, user_id)
            .await?
            .iter()
            .any(FactorRow::is_verified);
        if !has_factor {
            return Err(backbeat_core::errors::TWO_FACTOR_NOT_ENABLED.into());
        }
        let codes = self
            .replace_recovery_codes(&mut tx, user_id, now)
            .await
            .map_err(backbeat_core::errors::Failure::unexpected)?;
        tx.commit().await?;
        self.notify_change(&user, AccountChange::RecoveryCodesRenewed, meta)
            .await;
        Ok(codes)
    }

    /// How many of the user's recovery codes are unused.
    pub async fn unused_recovery_codes(&self, user_id: &UserId) -> sqlx::Result<i64> {
        store::unused_recovery_codes(&self.db, user_id).await
    }

    /// Makes a new set of recovery codes for the user in place of any old ones; answers them as
    /// shown to the user.
    async fn replace_recovery_codes(
        &self,
        tx: &mut Tx,
        user_id: &UserId,
        now: Timestamp,
    ) -> sqlx::Result<Vec<String>> {
        let codes = recovery_code::generate();
        let hashes: Vec<String> = codes
            .iter()
            .filter_map(|code| recovery_code::normalize(code))
            .map(|code| recovery_code::hash(self.keys.secret(), user_id, &code))
            .collect();
        store::replace_recovery_codes(tx, user_id, &hashes, now).await?;
        Ok(codes)
    }

    pub async fn unenroll_factor(
        &self,
        auth: &Authenticated,
        factor_id: &str,
        meta: &RequestMeta,
    ) -> AuthResult<Value> {
        let factor = self.own_factor(auth, factor_id).await?;
        let verified = factor.is_verified();
        if verified && auth.session.aal != "aal2" {
            return Err(AuthError::unprocessable(
                "insufficient_aal",
                "AAL2 required to unenroll verified factor",
            ));
        }
        let mut tx = self.db.begin().await?;
        store::delete_factor(&mut tx, &auth.user.id, &factor.id).await?;
        // Recovery codes stand in for a factor: with none left, they go too.
        let factors_left = store::list_factors_in(&mut tx, &auth.user.id).await?;
        if !factors_left.iter().any(FactorRow::is_verified) {
            store::delete_recovery_codes(&mut tx, &auth.user.id).await?;
        }
        tx.commit().await?;
        if verified {
            self.notify_change(&auth.user, AccountChange::FactorRemoved, meta)
                .await;
        }
        Ok(json!({ "id": factor.id }))
    }

    async fn own_factor(&self, auth: &Authenticated, factor_id: &str) -> AuthResult<FactorRow> {
        store::find_factor(&self.db, &auth.user.id, factor_id)
            .await?
            .ok_or_else(|| AuthError::not_found("mfa_factor_not_found", "Factor not found"))
    }
}
