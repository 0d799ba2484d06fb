//! Sign-up, password sign-in and the user object.

use super::alerts::AccountChange;
use super::*;
use crate::store::{LockedUser, SignupCredentials};
use backbeat_core::ids::UserId;
use backbeat_platform::users::put_new_profile;

impl AuthService {
    pub async fn signup(
        &self,
        body: wire::SignupBody,
        meta: &RequestMeta,
    ) -> AuthResult<SignupOutcome> {
        self.limits.check(Limited::Signup, meta.ip).await?;
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
        if !self.config.mailer_autoconfirm {
            let interval =
                std::time::Duration::from_secs(self.config.email_send_interval_secs.max(1));
            self.limits.check_signup_email(&email, interval).await?;
        }

        let existing = store::find_user_by_email(&self.db, &email).await?;
        if existing.is_some() && self.config.mailer_autoconfirm {
            return Err(AuthError::unprocessable(
                "user_already_exists",
                "User already registered",
            ));
        }
        let hash = self
            .passwords
            .hash(password)
            .await
            .map_err(AuthError::internal)?;
        // The confirmation mail of this sign-up, and only it, activates these credentials: a
        // stranger who signed up with the address first cannot have their password confirmed
        // by the owner's own sign-up.
        let credentials = SignupCredentials {
            password_hash: Some(hash.clone()),
            user_metadata: Some(metadata.to_string()),
        };
        if let Some(existing) = existing {
            if existing.email_confirmed_at.is_none() {
                self.mail_one_time_token(&existing, OneTimeKind::Confirmation, &credentials, now())
                    .await?;
            }
            return Ok(SignupOutcome::Unconfirmed(Box::new(User::obfuscated(
                &email,
                metadata,
                now(),
            ))));
        }
        let now = now();
        let confirmed = self.config.mailer_autoconfirm.then_some(now);
        let user = UserRow {
            id: UserId::generate(),
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
        let mut tx = self.db.begin().await?;
        if let Err(err) = store::insert_user(&mut tx, &user).await {
            return Err(if is_unique_violation(&err) {
                AuthError::unprocessable("user_already_exists", "User already registered")
            } else {
                err.into()
            });
        }
        put_new_profile(&mut tx, &user.id, &email, &metadata, now).await?;
        if !self.config.mailer_autoconfirm {
            tx.commit().await?;
            self.mail_one_time_token(&user, OneTimeKind::Confirmation, &credentials, now)
                .await?;
            let user = store::find_user(&self.db, &user.id).await?.unwrap_or(user);
            return Ok(SignupOutcome::Unconfirmed(Box::new(User::new(&user, &[]))));
        }
        let (session, refresh_id) = self
            .start_session(&mut tx, &user.id, "password", meta, now, None)
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
    ) -> anyhow::Result<UserId> {
        let email = normalize_email(email);
        anyhow::ensure!(is_valid_email(&email), "invalid email address {email:?}");
        check_password_policy(&password)
            .map_err(|err| anyhow::anyhow!("the password is refused ({})", err.code()))?;
        let encrypted_password = self.passwords.hash(password).await?;
        let metadata = serde_json::json!({ "name": name });
        let now = now();
        let user = UserRow {
            id: UserId::generate(),
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
        put_new_profile(&mut tx, &user.id, &email, &metadata, now).await?;
        tx.commit().await?;
        Ok(user.id)
    }

    /// The id of the account with this email, if there is one.
    pub async fn account_id(&self, email: &str) -> sqlx::Result<Option<UserId>> {
        Ok(store::find_user_by_email(&self.db, &normalize_email(email))
            .await?
            .map(|user| user.id))
    }

    pub async fn sign_in_with_password(
        &self,
        body: wire::TokenBody,
        meta: &RequestMeta,
    ) -> AuthResult<Session> {
        self.limits.check(Limited::Token, meta.ip).await?;
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
        self.check_account_budget(Limited::Token, &email, user.as_ref().map(|u| &u.id), meta)
            .await?;
        let verified = self
            .passwords
            .verify(
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
            .start_session(&mut tx, &user.id, "password", meta, now, None)
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

    // ---- the user

    pub async fn user(&self, user_id: &UserId) -> AuthResult<User> {
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
        meta: &RequestMeta,
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
                .any(FactorRow::is_verified);
            if has_verified_factor && auth.session.aal != "aal2" {
                return Err(AuthError::new(
                    StatusCode::UNAUTHORIZED,
                    "insufficient_aal",
                    "AAL2 session is required to update email or password when MFA is enabled.",
                ));
            }
            // GoTrue's secure password change: the current password, unless this session
            // was just started by a recovery link (whose owner proved the mailbox instead).
            let by_recovery = auth
                .session
                .recovery_until
                .is_some_and(|until| until >= now);
            if !by_recovery {
                self.check_current_password(auth, body.current_password, meta)
                    .await?;
            }
            if self
                .passwords
                .verify(password.clone(), Some(auth.user.encrypted_password.clone()))
                .await
            {
                return Err(AuthError::unprocessable(
                    "same_password",
                    "New password should be different from the old password.",
                ));
            }
            let hash = self
                .passwords
                .hash(password)
                .await
                .map_err(AuthError::internal)?;
            let mut tx = self.db.begin().await?;
            if by_recovery && !store::take_recovery_grant(&mut tx, &auth.session.id, now).await? {
                // Used up by a concurrent change: this one needs the current password.
                return Err(current_password_required());
            }
            store::set_password(&mut tx, &auth.user.id, &hash, now).await?;
            store::delete_sessions(
                &mut tx,
                &auth.user.id,
                SessionScope::AllBut(&auth.session.id),
            )
            .await?;
            tx.commit().await?;
            self.announce_sessions_ended(&auth.user.id).await;
            self.notify_change(&auth.user, AccountChange::PasswordChanged, meta)
                .await;
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

    /// The current password given with a password change is right. Wrong guesses count
    /// against the account like sign-in attempts do.
    async fn check_current_password(
        &self,
        auth: &Authenticated,
        current: Option<String>,
        meta: &RequestMeta,
    ) -> AuthResult<()> {
        let current = current
            .filter(|c| !c.is_empty())
            .ok_or_else(current_password_required)?;
        self.check_account_budget(Limited::Token, &auth.user.email, Some(&auth.user.id), meta)
            .await?;
        if self
            .passwords
            .verify(current, Some(auth.user.encrypted_password.clone()))
            .await
        {
            Ok(())
        } else {
            Err(AuthError::bad_request(
                "current_password_invalid",
                "Current password required when setting new password.",
            ))
        }
    }
}

fn current_password_required() -> AuthError {
    AuthError::bad_request(
        "current_password_required",
        "Current password required when setting new password.",
    )
}

impl AuthService {
    /// The first confirmation of an address, by a link or code mailed to it. A confirmation
    /// mail activates the password and metadata of the sign-up it was sent for; a recovery mail
    /// activates no password at all: one set by a sign-up whose mail was never confirmed must
    /// never work, so the owner chooses a new one (the recovery session may). Every other
    /// pending confirmation, with the credentials of other sign-ups, is void.
    pub(super) async fn activate_account(
        &self,
        tx: &mut Tx,
        user: &LockedUser,
        kind: OneTimeKind,
        credentials: &SignupCredentials,
        now: Timestamp,
    ) -> AuthResult<()> {
        let user_id = &user.id;
        match (kind, credentials) {
            (
                OneTimeKind::Confirmation,
                SignupCredentials {
                    password_hash: Some(hash),
                    user_metadata: Some(metadata),
                },
            ) => {
                store::activate_signup(tx, user_id, hash, metadata, now).await?;
                let chosen: Value = serde_json::from_str(metadata).unwrap_or_default();
                put_new_profile(tx, user_id, &user.email, &chosen, now).await?;
            }
            _ => store::set_password(tx, user_id, password::UNUSABLE, now).await?,
        }
        store::delete_one_time_tokens(tx, user_id, OneTimeKind::Confirmation).await?;
        Ok(())
    }
}
