//! The rules of sign-up, sign-in, sessions, password recovery and two-factor authentication:
//! the service, bearer-token checks and session issuing here; the flows in the submodules.

mod accounts;
mod alerts;
mod budgets;
mod email;
mod sessions;
mod two_factor;

pub use alerts::SecuredAccount;

use std::net::IpAddr;

use axum::http::{HeaderMap, StatusCode, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::{Rng, RngCore};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::error::{AuthError, AuthResult};
use super::keys::Keys;
use super::mail::{Mail, Mailer};
use super::password::{self, Passwords};
use super::rate_limit::{Limited, RateLimits};
use super::store::{
    self, FactorRow, FactorStatus, LiveSession, OneTimeKind, SessionRow, SessionScope, UserRow,
};
use super::tokens::{self, AmrEntry, Claims, TokenError};
use super::two_factor as totp;
use super::wire::{self, Session, User};
use backbeat_core::cache::Cache;
use backbeat_core::db::{Db, Timestamp, Tx, is_unique_violation};
use backbeat_core::ids::UserId;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::AuthConfig;
use backbeat_platform::events::{Event, EventBus};

/// Unverified factors and unanswered challenges expire after this long.
const MFA_WINDOW_SECS: i64 = 300;
/// Recovery and confirmation links expire after this long.
const ONE_TIME_TOKEN_TTL_SECS: i64 = 3600;
/// How often a long-lived response re-checks its session when no announcement came.
const SESSION_RECHECK: std::time::Duration = std::time::Duration::from_secs(60);
/// Wrong codes a mailed code or a two-factor challenge survives: the next one burns it.
pub const MAX_CODE_ATTEMPTS: i64 = 5;
/// How long after a recovery link signs a user in they may set a new password without the
/// current one (once).
pub const RECOVERY_GRANT_SECS: i64 = 15 * 60;
/// How long a client address that signed in to an account keeps its own budget for it.
pub const KNOWN_CLIENT_DAYS: i64 = 180;

/// Who is asking, for sessions and rate limits.
#[derive(Clone, Debug)]
pub struct RequestMeta {
    pub ip: IpAddr,
    pub user_agent: Option<String>,
}

/// An `/api/v1` request's session: a valid access token of a live session at the level the
/// account requires.
#[derive(Clone, Debug)]
pub struct ApiSession {
    pub user_id: UserId,
    pub email: String,
    pub session_id: String,
    /// When the access token expires (Unix seconds).
    pub expires_at: i64,
}

/// A request carrying a valid access token of a live session.
#[derive(Clone, Debug)]
pub struct Authenticated {
    pub claims: Claims,
    pub user: UserRow,
    pub session: SessionRow,
}

/// Why a bearer token was not accepted.
#[derive(Debug)]
pub enum AuthFailure {
    Missing,
    BadJwt,
    BadSubject,
    UserNotFound,
    SessionNotFound,
    /// The account has a verified second factor and the token was issued without it.
    InsufficientAal,
    Database(sqlx::Error),
}

impl From<AuthFailure> for AuthError {
    fn from(failure: AuthFailure) -> Self {
        match failure {
            AuthFailure::Missing => AuthError::new(
                StatusCode::UNAUTHORIZED,
                "no_authorization",
                "This endpoint requires a Bearer token",
            ),
            AuthFailure::BadJwt => AuthError::forbidden(
                "bad_jwt",
                "invalid JWT: unable to parse or verify signature, token is expired or invalid",
            ),
            AuthFailure::BadSubject => {
                AuthError::bad_request("bad_jwt", "invalid claim: sub claim must be a UUID")
            }
            AuthFailure::UserNotFound => AuthError::forbidden(
                "user_not_found",
                "User from sub claim in JWT does not exist",
            ),
            AuthFailure::SessionNotFound => AuthError::forbidden(
                "session_not_found",
                "Session from session_id claim in JWT does not exist",
            ),
            AuthFailure::InsufficientAal => {
                AuthError::forbidden("insufficient_aal", "AAL2 session is required")
            }
            AuthFailure::Database(err) => err.into(),
        }
    }
}

pub enum SignupOutcome {
    Session(Box<Session>),
    /// Confirmation required: the user (real or obfuscated), no session.
    Unconfirmed(Box<User>),
}

pub struct AuthService {
    pub(crate) db: Db,
    pub(crate) keys: Keys,
    config: AuthConfig,
    issuer: String,
    public_url: String,
    pub(crate) limits: RateLimits,
    mailer: Mailer,
    events: EventBus,
    passwords: Passwords,
    /// Access tokens whose signature this process checked, with their claims: a client sends the
    /// same token with each of its requests until it refreshes it, and the ES256 check is the
    /// dearest step of authenticating one. Served only while the token has not expired.
    verified: Cache<Claims>,
}

fn now() -> Timestamp {
    Timestamp::now()
}

fn validation(message: &'static str) -> AuthError {
    AuthError::bad_request("validation_failed", message)
}

pub(crate) fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Whether a text has the shape of an email address (one `@`, a dotted domain, no spaces).
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && email.len() <= 255
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

fn code_hash(email: &str, code: &str) -> String {
    sha256_hex(&format!("{}:{}", normalize_email(email), code.trim()))
}

impl AuthService {
    pub fn new(
        db: Db,
        keys: Keys,
        config: AuthConfig,
        public_url: &str,
        mailer: Mailer,
        events: EventBus,
    ) -> Self {
        Self {
            limits: RateLimits::new(
                RateLimiter::new(db.clone(), keys.secret().clone()),
                config.rate_limit_per_minute,
                config.email_rate_limit_per_hour,
            ),
            events,
            keys,
            issuer: format!("{public_url}/auth/v1"),
            passwords: Passwords::new(config.password_cost),
            public_url: public_url.to_owned(),
            config,
            mailer,
            db,
            verified: Cache::default(),
        }
    }

    pub fn keys(&self) -> &Keys {
        &self.keys
    }

    pub fn config(&self) -> &AuthConfig {
        &self.config
    }

    /// Removes expired auth rows and refilled rate-limit budgets. Runs periodically.
    pub async fn sweep(&self) -> sqlx::Result<u64> {
        let refilled = self.limits.sweep().await?;
        let now = now();
        let keep_revoked = chrono::Duration::seconds(
            (self.config.refresh_token_reuse_interval_secs as i64).max(86_400),
        );
        let expired = store::sweep(
            &self.db,
            now - keep_revoked,
            now - chrono::Duration::seconds(ONE_TIME_TOKEN_TTL_SECS),
            now - chrono::Duration::seconds(MFA_WINDOW_SECS),
            now - chrono::Duration::days(KNOWN_CLIENT_DAYS),
        )
        .await?;
        Ok(refilled + expired)
    }

    // ---- bearer tokens

    /// The claims of the request's bearer token, once its signature, issuer, audience, subject
    /// and expiry check out. The session it names is not looked at here.
    fn verify_bearer(&self, headers: &HeaderMap) -> Result<Claims, AuthFailure> {
        let token = bearer(headers).ok_or(AuthFailure::Missing)?;
        if let Some(claims) = self.verified.get(token)
            && chrono::Utc::now().timestamp() < claims.exp
        {
            return Ok(claims);
        }
        let claims = tokens::verify(&self.keys, &self.issuer, token).map_err(|e| match e {
            TokenError::Invalid => AuthFailure::BadJwt,
            TokenError::BadSubject => AuthFailure::BadSubject,
        })?;
        self.verified.put(token, claims.clone());
        Ok(claims)
    }

    async fn live_session(&self, claims: &Claims) -> Result<LiveSession, AuthFailure> {
        store::find_session(&self.db, &claims.session_id)
            .await
            .map_err(AuthFailure::Database)?
            .filter(|s| s.session.user_id == claims.sub)
            .ok_or(AuthFailure::SessionNotFound)
    }

    /// The guard of every `/api/v1` request that carries a bearer token: the token verifies,
    /// its session is alive, and an account with a verified second factor used it
    /// (`aal2`). One query, no user lookup.
    pub async fn authenticate_api(&self, headers: &HeaderMap) -> Result<ApiSession, AuthFailure> {
        let claims = self.verify_bearer(headers)?;
        let live = self.live_session(&claims).await?;
        if live.mfa_enabled && (claims.aal != "aal2" || live.session.aal != "aal2") {
            return Err(AuthFailure::InsufficientAal);
        }
        Ok(ApiSession {
            user_id: claims.sub,
            email: claims.email,
            session_id: live.session.id,
            expires_at: claims.exp,
        })
    }

    /// Completes once the session has ended (logged out, replaced by a password change, ended
    /// by reuse detection): on the announcement of any process, else at the next periodic
    /// check. For responses that outlive a request (event streams).
    pub fn session_end(
        &self,
        session_id: String,
        user_id: String,
    ) -> impl std::future::Future<Output = ()> + Send + 'static {
        use tokio::sync::broadcast::error::RecvError;
        let mut events = self.events.subscribe();
        let db = self.db.clone();
        async move {
            let mut recheck = tokio::time::interval(SESSION_RECHECK);
            recheck.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            recheck.tick().await;
            loop {
                tokio::select! {
                    event = events.recv() => match event {
                        Ok(Event::SessionsEnded { user_id: ended }) if ended == user_id => {}
                        Ok(_) => continue,
                        // Announcements were missed: look.
                        Err(RecvError::Lagged(_)) => {}
                        Err(RecvError::Closed) => return,
                    },
                    _ = recheck.tick() => {}
                }
                match store::session_is_live(&db, &session_id).await {
                    Ok(true) => {}
                    Ok(false) => return,
                    Err(err) => tracing::warn!(error = %err, "cannot check a stream's session"),
                }
            }
        }
    }

    /// Tells every process that some sessions of `user_id` ended, so that what they hold open
    /// (event streams) closes. Delivery is best effort: streams also re-check periodically.
    async fn announce_sessions_ended(&self, user_id: &UserId) {
        let event = Event::SessionsEnded {
            user_id: user_id.to_owned(),
        };
        if let Err(err) = self.events.publish(&event).await {
            tracing::warn!(error = %err, "cannot announce ended sessions");
        }
    }

    /// The bearer token's user and live session, as GoTrue's user endpoints need (any `aal`:
    /// an `aal1` session must reach the endpoints that raise it).
    pub async fn authenticate(&self, headers: &HeaderMap) -> Result<Authenticated, AuthFailure> {
        let claims = self.verify_bearer(headers)?;
        let user = store::find_user(&self.db, &claims.sub)
            .await
            .map_err(AuthFailure::Database)?
            .ok_or(AuthFailure::UserNotFound)?;
        let session = self.live_session(&claims).await?.session;
        Ok(Authenticated {
            claims,
            user,
            session,
        })
    }

    // ---- sessions and tokens

    async fn start_session(
        &self,
        tx: &mut Tx,
        user_id: &UserId,
        method: &str,
        meta: &RequestMeta,
        now: Timestamp,
        recovery_until: Option<Timestamp>,
    ) -> AuthResult<(SessionRow, String)> {
        let amr = vec![AmrEntry {
            method: method.into(),
            timestamp: now.unix_seconds(),
        }];
        let session = SessionRow {
            id: Uuid::now_v7().to_string(),
            user_id: user_id.to_owned(),
            aal: "aal1".into(),
            amr: serde_json::to_string(&amr).map_err(AuthError::internal)?,
            factor_id: None,
            recovery_until,
        };
        let user_agent = meta
            .user_agent
            .as_deref()
            .map(|ua| &ua[..ua.len().min(512)]);
        store::insert_session(tx, &session, user_agent, Some(&meta.ip.to_string()), now).await?;
        store::remember_client(tx, user_id, &self.client_of(user_id, meta.ip), now).await?;
        let refresh_id = self.issue_refresh_token(tx, &session.id, None, now).await?;
        Ok((session, refresh_id))
    }

    async fn issue_refresh_token(
        &self,
        tx: &mut Tx,
        session_id: &str,
        parent: Option<&str>,
        now: Timestamp,
    ) -> AuthResult<String> {
        let id = Uuid::now_v7().to_string();
        store::insert_refresh_token(tx, &id, session_id, parent, now).await?;
        Ok(id)
    }

    fn session_response(
        &self,
        user: &UserRow,
        factors: &[FactorRow],
        session: &SessionRow,
        refresh_id: String,
        weak_password: Option<Value>,
    ) -> AuthResult<Session> {
        let now = chrono::Utc::now().timestamp();
        let ttl = self.config.access_token_ttl_secs as i64;
        let claims = Claims {
            iss: self.issuer.clone(),
            sub: user.id.clone(),
            aud: tokens::AUDIENCE.into(),
            exp: now + ttl,
            iat: now,
            email: user.email.clone(),
            phone: String::new(),
            app_metadata: wire::app_metadata(),
            user_metadata: wire::user_metadata(user),
            role: "authenticated".into(),
            aal: session.aal.clone(),
            amr: serde_json::from_str(&session.amr).unwrap_or_default(),
            session_id: session.id.clone(),
            is_anonymous: false,
        };
        let refresh_id = Uuid::parse_str(&refresh_id).map_err(AuthError::internal)?;
        Ok(Session {
            access_token: tokens::sign(&self.keys, &claims).map_err(AuthError::internal)?,
            token_type: "bearer",
            expires_in: ttl,
            expires_at: now + ttl,
            refresh_token: tokens::encode_refresh_token(&self.keys, refresh_id),
            user: User::new(user, factors),
            weak_password,
            recovery_codes: None,
        })
    }
}

fn check_password_policy(password: &str) -> AuthResult<()> {
    if password.len() > password::MAX_LENGTH {
        return Err(validation("Password cannot be longer than 72 characters"));
    }
    let reasons = password::weaknesses(password);
    if reasons.is_empty() {
        Ok(())
    } else {
        Err(AuthError::weak_password(reasons))
    }
}

/// The bearer token of the `Authorization` header (scheme matched case-insensitively).
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim())
        .filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_checked_for_a_plausible_shape() {
        assert!(is_valid_email("ana@example.com"));
        for bad in [
            "",
            "ana",
            "ana@",
            "@example.com",
            "ana@example",
            "ana @example.com",
            "a@b@c.d",
            "ana@.com",
        ] {
            assert!(!is_valid_email(bad), "{bad:?}");
        }
    }

    #[test]
    fn the_bearer_scheme_is_case_insensitive() {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, "bEaReR abc".parse().unwrap());
        assert_eq!(bearer(&headers), Some("abc"));
        headers.insert(header::AUTHORIZATION, "Basic abc".parse().unwrap());
        assert_eq!(bearer(&headers), None);
    }
}
