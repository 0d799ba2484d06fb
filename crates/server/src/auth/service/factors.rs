//! TOTP two-factor authentication: enrol, challenge, verify, remove.

use super::*;

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
        if factors.iter().any(|f| f.status == "verified") && auth.session.aal != "aal2" {
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
        let secret = mfa::new_secret();
        let uri = mfa::otpauth_uri(&secret, &issuer, &auth.user.email)
            .ok_or_else(|| validation("Invalid issuer"))?;
        let qr_code = mfa::qr_code_svg(&uri)
            .ok_or_else(|| AuthError::internal(anyhow::anyhow!("QR code too large")))?;
        let factor = FactorRow {
            id: Uuid::now_v7().to_string(),
            user_id: auth.user.id.clone(),
            friendly_name: friendly_name.clone(),
            factor_type: "totp".into(),
            status: "unverified".into(),
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
        self.limits
            .check_email(Limited::FactorVerify, &auth.user.email)
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
        // A wrong code counts against the challenge, which is gone after the fifth.
        let accepted = match mfa::matching_step(&factor.secret, &code, now.unix_seconds() as u64) {
            Some(step) => store::use_factor_step(&mut tx, &factor.id, step, now).await?,
            None => false,
        };
        if !accepted {
            store::fail_challenge(&mut tx, &challenge_id, MAX_CODE_ATTEMPTS).await?;
            tx.commit().await?;
            return Err(wrong());
        }
        store::delete_challenge(&mut tx, &challenge_id).await?;
        let mut amr: Vec<AmrEntry> = serde_json::from_str(&auth.session.amr).unwrap_or_default();
        amr.insert(
            0,
            AmrEntry {
                method: "totp".into(),
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
        tx.commit().await?;
        self.announce_sessions_ended(&auth.user.id).await;
        let session = SessionRow {
            aal: "aal2".into(),
            amr: amr_text,
            factor_id: Some(factor.id.clone()),
            ..auth.session.clone()
        };
        let factors = store::list_factors(&self.db, &auth.user.id).await?;
        tracing::info!(factor_id = %factor.id, "two-factor code verified");
        self.session_response(&auth.user, &factors, &session, refresh_id, None)
    }

    pub async fn unenroll_factor(
        &self,
        auth: &Authenticated,
        factor_id: &str,
    ) -> AuthResult<Value> {
        let factor = self.own_factor(auth, factor_id).await?;
        if factor.status == "verified" && auth.session.aal != "aal2" {
            return Err(AuthError::unprocessable(
                "insufficient_aal",
                "AAL2 required to unenroll verified factor",
            ));
        }
        store::delete_factor(&self.db, &auth.user.id, &factor.id).await?;
        Ok(json!({ "id": factor.id }))
    }

    async fn own_factor(&self, auth: &Authenticated, factor_id: &str) -> AuthResult<FactorRow> {
        store::find_factor(&self.db, &auth.user.id, factor_id)
            .await?
            .ok_or_else(|| AuthError::not_found("mfa_factor_not_found", "Factor not found"))
    }
}
