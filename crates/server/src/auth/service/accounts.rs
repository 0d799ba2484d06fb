//! Sign-up, password sign-in, refresh-token rotation, logout and the user object.

use super::*;

impl AuthService {
    pub async fn signup(
        &self,
        body: wire::SignupBody,
        meta: &RequestMeta,
    ) -> AuthResult<SignupOutcome> {
        self.limits.check(Limited::Signup, meta.ip)?;
        if self.config.disable_signup {
            return Err(AuthError::unprocessable(
                "signup_disabled",
                "Signups not allowed for this instance",
            ));
        }
        let email = match (
            body.email.as_deref().map(normalize_email),
            body.phone.as_deref(),
        ) {
            (Some(email), _) if !email.is_empty() => email,
            (_, Some(phone)) if !phone.trim().is_empty() => {
                return Err(AuthError::unprocessable(
                    "phone_provider_disabled",
                    "Phone signups are disabled",
                ));
            }
            _ => return Err(validation("To signup, please provide your email")),
        };
        if !is_valid_email(&email) {
            return Err(validation(
                "Unable to validate email address: invalid format",
            ));
        }
        let password = body
            .password
            .filter(|p| !p.is_empty())
            .ok_or_else(|| validation("Signup requires a valid password"))?;
        check_password_policy(&password)?;
        let metadata = Value::Object(body.data.unwrap_or_default());

        if let Some(existing) = store::find_user_by_email(&self.db, &email).await? {
            if self.config.mailer_autoconfirm {
                return Err(AuthError::unprocessable(
                    "user_already_exists",
                    "User already registered",
                ));
            }
            if existing.email_confirmed_at.is_none() {
                self.send_one_time_mail(&existing, OneTimeKind::Confirmation)
                    .await?;
            }
            return Ok(SignupOutcome::Unconfirmed(Box::new(User::obfuscated(
                &email,
                metadata,
                now(),
            ))));
        }

        let hash = password::hash(password)
            .await
            .map_err(AuthError::internal)?;
        let now = now();
        let confirmed = self.config.mailer_autoconfirm.then_some(now);
        let user = UserRow {
            id: Uuid::now_v7().to_string(),
            identity_id: Uuid::now_v7().to_string(),
            email: email.clone(),
            encrypted_password: hash,
            user_metadata: metadata.to_string(),
            email_confirmed_at: confirmed,
            confirmation_sent_at: None,
            recovery_sent_at: None,
            last_sign_in_at: confirmed,
            created_at: now,
            updated_at: now,
        };
        let profile_name = profile_name(&metadata, &email);

        let mut tx = self.db.begin().await?;
        if let Err(err) = store::insert_user(&mut tx, &user).await {
            return Err(if is_unique_violation(&err) {
                AuthError::unprocessable("user_already_exists", "User already registered")
            } else {
                err.into()
            });
        }
        crate::profiles::store::insert_profile(&mut tx, &user.id, &profile_name, &email, now)
            .await?;
        if !self.config.mailer_autoconfirm {
            tx.commit().await?;
            self.send_one_time_mail(&user, OneTimeKind::Confirmation)
                .await?;
            let user = store::find_user(&self.db, &user.id).await?.unwrap_or(user);
            return Ok(SignupOutcome::Unconfirmed(Box::new(User::new(&user, &[]))));
        }
        let (session, refresh_id) = self
            .start_session(&mut tx, &user.id, "password", meta, now)
            .await?;
        tx.commit().await?;
        let session = self.session_response(&user, &[], &session, refresh_id, None)?;
        Ok(SignupOutcome::Session(Box::new(session)))
    }

    /// Creates a confirmed account with its free-plan profile, without a session or a mail: for
    /// accounts made from the command line (the demo content). Answers the new user's id.
    pub async fn create_account(
        &self,
        email: &str,
        password: String,
        name: &str,
    ) -> anyhow::Result<String> {
        let email = normalize_email(email);
        anyhow::ensure!(is_valid_email(&email), "invalid email address {email:?}");
        check_password_policy(&password)
            .map_err(|err| anyhow::anyhow!("the password is refused ({})", err.code()))?;
        let encrypted_password = password::hash(password).await?;
        let metadata = serde_json::json!({ "name": name });
        let now = now();
        let user = UserRow {
            id: Uuid::now_v7().to_string(),
            identity_id: Uuid::now_v7().to_string(),
            email: email.clone(),
            encrypted_password,
            user_metadata: metadata.to_string(),
            email_confirmed_at: Some(now),
            confirmation_sent_at: None,
            recovery_sent_at: None,
            last_sign_in_at: None,
            created_at: now,
            updated_at: now,
        };
        let mut tx = self.db.begin().await?;
        store::insert_user(&mut tx, &user).await?;
        crate::profiles::store::insert_profile(
            &mut tx,
            &user.id,
            &profile_name(&metadata, &email),
            &email,
            now,
        )
        .await?;
        tx.commit().await?;
        Ok(user.id)
    }

    /// The id of the account with this email, if there is one.
    pub async fn account_id(&self, email: &str) -> sqlx::Result<Option<String>> {
        Ok(store::find_user_by_email(&self.db, &normalize_email(email))
            .await?
            .map(|user| user.id))
    }

    pub async fn sign_in_with_password(
        &self,
        body: wire::TokenBody,
        meta: &RequestMeta,
    ) -> AuthResult<Session> {
        self.limits.check(Limited::Token, meta.ip)?;
        let email = body
            .email
            .as_deref()
            .map(normalize_email)
            .filter(|e| !e.is_empty());
        let password = body.password.filter(|p| !p.is_empty());
        let (Some(email), Some(password)) = (email, password) else {
            return Err(if body.phone.is_some() {
                AuthError::bad_request("phone_provider_disabled", "Phone logins are disabled")
            } else {
                AuthError::bad_request("invalid_credentials", "Invalid login credentials")
            });
        };
        let user = store::find_user_by_email(&self.db, &email).await?;
        let verified = password::verify(
            password.clone(),
            user.as_ref().map(|u| u.encrypted_password.clone()),
        )
        .await;
        let Some(user) = user.filter(|_| verified) else {
            return Err(AuthError::bad_request(
                "invalid_credentials",
                "Invalid login credentials",
            ));
        };
        if user.email_confirmed_at.is_none() {
            return Err(AuthError::bad_request(
                "email_not_confirmed",
                "Email not confirmed",
            ));
        }
        let now = now();
        let mut tx = self.db.begin().await?;
        store::record_sign_in(&mut tx, &user.id, now).await?;
        let (session, refresh_id) = self
            .start_session(&mut tx, &user.id, "password", meta, now)
            .await?;
        tx.commit().await?;
        let user = UserRow {
            last_sign_in_at: Some(now),
            updated_at: now,
            ..user
        };
        let factors = store::list_factors(&self.db, &user.id).await?;
        let reasons = password::weaknesses(&password);
        let weak = (!reasons.is_empty()).then(|| {
            json!({ "reasons": reasons, "message": "Password does not meet the current requirements" })
        });
        self.session_response(&user, &factors, &session, refresh_id, weak)
    }

    /// Rotates a refresh token (reference/gotrue-wire.md, section 6).
    pub async fn refresh(&self, body: wire::TokenBody) -> AuthResult<Session> {
        let not_found = || {
            AuthError::bad_request(
                "refresh_token_not_found",
                "Invalid Refresh Token: Refresh Token Not Found",
            )
        };
        let token = body
            .refresh_token
            .filter(|t| !t.is_empty())
            .ok_or_else(not_found)?;
        let token_id = tokens::decode_refresh_token(&self.keys, &token)
            .ok_or_else(not_found)?
            .to_string();
        let presented = store::find_refresh_token(&self.db, &token_id)
            .await?
            .ok_or_else(not_found)?;

        let now = now();
        let mut tx = self.db.begin().await?;
        let session = store::lock_session(&mut tx, &presented.session_id, now)
            .await?
            .ok_or_else(|| AuthError::bad_request("session_not_found", "Session not found"))?;
        let presented = store::find_refresh_token_in(&mut tx, &token_id)
            .await?
            .ok_or_else(not_found)?;

        let issued_id = if !presented.revoked {
            store::revoke_refresh_token(&mut tx, &presented.id, now).await?;
            self.issue_refresh_token(&mut tx, &session.id, Some(&presented.id), now)
                .await?
        } else {
            let active = store::active_refresh_token(&mut tx, &session.id).await?;
            let reuse_deadline = presented.updated_at
                + chrono::Duration::seconds(self.config.refresh_token_reuse_interval_secs as i64);
            match active {
                // The client lost the answer to its last refresh: hand it the same child again.
                Some(child) if child.parent_id.as_deref() == Some(presented.id.as_str()) => {
                    child.id
                }
                _ if now <= reuse_deadline => {
                    store::revoke_refresh_tokens(&mut tx, &session.id, now).await?;
                    self.issue_refresh_token(&mut tx, &session.id, Some(&presented.id), now)
                        .await?
                }
                _ => {
                    store::end_session(&mut tx, &session.id, now).await?;
                    tx.commit().await?;
                    tracing::warn!(session_id = %session.id, "refresh token reused outside the reuse interval: session ended");
                    return Err(AuthError::bad_request(
                        "refresh_token_already_used",
                        "Invalid Refresh Token: Already Used",
                    ));
                }
            }
        };
        tx.commit().await?;
        let user = store::find_user(&self.db, &session.user_id)
            .await?
            .ok_or_else(not_found)?;
        let factors = store::list_factors(&self.db, &user.id).await?;
        self.session_response(&user, &factors, &session, issued_id, None)
    }

    pub async fn logout(&self, auth: &Authenticated, scope: &str) -> AuthResult<()> {
        let scope = match scope {
            "global" | "" => SessionScope::All,
            "local" => SessionScope::Only(&auth.session.id),
            "others" => SessionScope::AllBut(&auth.session.id),
            _ => return Err(validation("Unsupported logout scope")),
        };
        let mut tx = self.db.begin().await?;
        store::delete_sessions(&mut tx, &auth.user.id, scope).await?;
        tx.commit().await?;
        Ok(())
    }

    // ---- the user

    pub async fn user(&self, user_id: &str) -> AuthResult<User> {
        let user = store::find_user(&self.db, user_id)
            .await?
            .ok_or_else(|| AuthError::forbidden("user_not_found", "User not found"))?;
        let factors = store::list_factors(&self.db, user_id).await?;
        Ok(User::new(&user, &factors))
    }

    pub async fn update_user(
        &self,
        auth: &Authenticated,
        body: wire::UpdateUserBody,
    ) -> AuthResult<User> {
        if body.app_metadata.is_some() {
            return Err(AuthError::forbidden("not_admin", "User not allowed"));
        }
        if body
            .email
            .as_deref()
            .is_some_and(|e| normalize_email(e) != auth.user.email)
        {
            return Err(AuthError::unprocessable(
                "email_change_not_allowed",
                "Email cannot be changed here.",
            ));
        }
        if body.phone.as_deref().is_some_and(|p| !p.trim().is_empty()) {
            return Err(AuthError::unprocessable(
                "phone_provider_disabled",
                "Phone numbers are not supported",
            ));
        }
        let now = now();
        if let Some(password) = body.password.filter(|p| !p.is_empty()) {
            check_password_policy(&password)?;
            let has_verified_factor = store::list_factors(&self.db, &auth.user.id)
                .await?
                .iter()
                .any(|f| f.status == "verified");
            if has_verified_factor && auth.session.aal != "aal2" {
                return Err(AuthError::new(
                    StatusCode::UNAUTHORIZED,
                    "insufficient_aal",
                    "AAL2 session is required to update email or password when MFA is enabled.",
                ));
            }
            if let Some(current) = body.current_password
                && !password::verify(current, Some(auth.user.encrypted_password.clone())).await
            {
                return Err(AuthError::bad_request(
                    "current_password_mismatch",
                    "Current password required when setting new password.",
                ));
            }
            if password::verify(password.clone(), Some(auth.user.encrypted_password.clone())).await
            {
                return Err(AuthError::unprocessable(
                    "same_password",
                    "New password should be different from the old password.",
                ));
            }
            let hash = password::hash(password)
                .await
                .map_err(AuthError::internal)?;
            let mut tx = self.db.begin().await?;
            store::set_password(&mut tx, &auth.user.id, &hash, now).await?;
            store::delete_sessions(
                &mut tx,
                &auth.user.id,
                SessionScope::AllBut(&auth.session.id),
            )
            .await?;
            tx.commit().await?;
        }
        if let Some(changes) = body.data {
            let mut metadata = match wire::user_metadata(&auth.user) {
                Value::Object(map) => map,
                _ => Map::new(),
            };
            for (key, value) in changes {
                if value.is_null() {
                    metadata.remove(&key);
                } else {
                    metadata.insert(key, value);
                }
            }
            store::set_user_metadata(
                &self.db,
                &auth.user.id,
                &Value::Object(metadata).to_string(),
                now,
            )
            .await?;
        }
        self.user(&auth.user.id).await
    }
}
