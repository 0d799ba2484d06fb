//! The rules of app passwords: at most [`MAX_PER_USER`] per account, made under the owner's
//! profile lock so concurrent requests cannot pass it; shown once; listed without the secret;
//! revoked by their owner only. Signing in with one ([`AuthService::verify_app_password`])
//! reads the database on every request, so a revoke takes effect at the next one, and charges
//! only failed attempts to the sign-in budgets (a Subsonic app authenticates every request),
//! refusing every attempt once they are spent.

use std::net::IpAddr;

use md5::{Digest, Md5};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use super::name::AppPasswordName;
use crate::app_password_secret as secret;
use crate::rate_limit::{Asker, Limited};
use crate::service::{AuthService, normalize_email};
use crate::store::app_passwords::{self as store, AppPasswordRow, NewAppPassword, SealedRow};
use backbeat_core::db::Timestamp;
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_platform::users;

/// The most app passwords one account has.
pub const MAX_PER_USER: i64 = 25;
/// A use is recorded at most this often per app password.
const LAST_USED_EVERY: chrono::Duration = chrono::Duration::minutes(1);

/// A new app password, with its secret (shown this once).
#[derive(Clone, Debug)]
pub struct CreatedAppPassword {
    pub id: String,
    pub name: String,
    pub password: String,
    pub created_at: Timestamp,
}

/// What a Subsonic request signs in with.
#[derive(Clone, Copy, Debug)]
pub enum Credential<'a> {
    /// The app password itself (`p`, plain or decoded from `enc:`).
    Password {
        username: &'a str,
        password: &'a str,
    },
    /// `t` = md5(app password + `s`), in hex.
    Token {
        username: &'a str,
        token: &'a str,
        salt: &'a str,
    },
    /// The app password alone, as OpenSubsonic's `apiKey`.
    ApiKey(&'a str),
}

/// Why a credential was refused.
#[derive(Debug)]
pub enum Refusal {
    /// Wrong username or password (or token).
    WrongCredentials,
    /// No app password is this `apiKey`.
    InvalidApiKey,
    /// The sign-in budgets of the client or the account are spent.
    TooManyAttempts,
    Failed(Failure),
}

impl From<sqlx::Error> for Refusal {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

impl AuthService {
    /// Makes an app password named `name` for the user.
    pub async fn create_app_password(
        &self,
        user_id: &UserId,
        name: &str,
    ) -> Result<CreatedAppPassword, Failure> {
        let name = AppPasswordName::parse(name)?;
        let id = Uuid::now_v7().to_string();
        let password = secret::generate();
        let sealed = self.keys.sealer().seal(&id, user_id, &password);
        let lookup = secret::lookup(self.keys.secret(), &password);
        let created_at = Timestamp::now();
        let mut tx = users::begin_locked(&self.db, user_id).await?;
        if store::count(&mut tx, user_id).await? >= MAX_PER_USER {
            return Err(errors::APP_PASSWORD_LIMIT_REACHED.into());
        }
        store::insert(
            &mut tx,
            &NewAppPassword {
                id: &id,
                user_id,
                name: name.as_str(),
                sealed: &sealed,
                lookup: &lookup,
                created_at,
            },
        )
        .await?;
        tx.commit().await?;
        Ok(CreatedAppPassword {
            id,
            name: name.as_str().to_owned(),
            password,
            created_at,
        })
    }

    /// The user's app passwords, newest first, without their secrets.
    pub async fn app_passwords(&self, user_id: &UserId) -> Result<Vec<AppPasswordRow>, Failure> {
        Ok(store::list(&self.db, user_id).await?)
    }

    /// Revokes the user's app password `id`: [`errors::APP_PASSWORD_NOT_FOUND`] when the user
    /// has none of that id.
    pub async fn revoke_app_password(&self, user_id: &UserId, id: &str) -> Result<(), Failure> {
        if store::delete(&self.db, user_id, id).await? {
            Ok(())
        } else {
            Err(errors::APP_PASSWORD_NOT_FOUND.into())
        }
    }

    /// The user an app password credential signs in, from the client address `ip`.
    pub async fn verify_app_password(
        &self,
        credential: Credential<'_>,
        ip: IpAddr,
    ) -> Result<UserId, Refusal> {
        let email = match credential {
            Credential::Password { username, .. } | Credential::Token { username, .. } => {
                Some(normalize_email(username))
            }
            Credential::ApiKey(_) => None,
        };
        let account = match &email {
            Some(email) => Some(self.account_asker(email, ip).await?),
            None => None,
        };
        let budget = account
            .as_ref()
            .map(|(email, client)| (email.as_str(), asker(client)));
        match self.limits.spent(Limited::Token, ip, budget).await {
            Ok(false) => {}
            Ok(true) => return Err(Refusal::TooManyAttempts),
            Err(err) => {
                return Err(Refusal::Failed(Failure::unexpected(anyhow::anyhow!(
                    "cannot read the sign-in budgets: {err:?}"
                ))));
            }
        }
        let found = match credential {
            Credential::Password { password, .. } => {
                let lookup = secret::lookup(self.keys.secret(), password);
                store::sealed_by_lookup(&self.db, &lookup, email.as_deref()).await?
            }
            Credential::ApiKey(key) => {
                let lookup = secret::lookup(self.keys.secret(), key);
                store::sealed_by_lookup(&self.db, &lookup, None).await?
            }
            Credential::Token { token, salt, .. } => {
                let rows = store::sealed_of_email(&self.db, email.as_deref().unwrap_or("")).await?;
                self.matching_token(rows, token, salt)
            }
        };
        let Some(row) = found else {
            // A refusal of the budget itself changes nothing: the attempt is refused either way.
            let _ = self.limits.check(Limited::Token, ip).await;
            if let Some((email, client)) = &account {
                let _ = self
                    .limits
                    .check_email(Limited::Token, email, asker(client))
                    .await;
            }
            return Err(match credential {
                Credential::ApiKey(_) => Refusal::InvalidApiKey,
                _ => Refusal::WrongCredentials,
            });
        };
        self.record_use(&row).await;
        Ok(row.user_id)
    }

    /// The account's email and, when the client signed in to it before, the client's key.
    async fn account_asker(
        &self,
        email: &str,
        ip: IpAddr,
    ) -> Result<(String, Option<String>), Refusal> {
        let client = match crate::store::find_user_by_email(&self.db, email).await? {
            Some(user) => self.known_client(&user.id, ip).await?,
            None => None,
        };
        Ok((email.to_owned(), client))
    }

    /// The row whose password gives `token` with `salt`, compared in constant time.
    fn matching_token(&self, rows: Vec<SealedRow>, token: &str, salt: &str) -> Option<SealedRow> {
        let token = token.to_ascii_lowercase();
        let mut found = None;
        for row in rows {
            let Some(password) = self.keys.sealer().open(&row.id, &row.user_id, &row.sealed) else {
                tracing::warn!(id = %row.id, "an app password does not open with this instance secret");
                continue;
            };
            let expected = hex::encode(Md5::digest(format!("{password}{salt}").as_bytes()));
            if bool::from(expected.as_bytes().ct_eq(token.as_bytes())) && found.is_none() {
                found = Some(row);
            }
        }
        found
    }

    /// Records that the app password was used, at most once a minute; a failure to record it
    /// does not refuse the request.
    async fn record_use(&self, row: &SealedRow) {
        let now = Timestamp::now();
        let since = now - LAST_USED_EVERY;
        if row.last_used_at.is_some_and(|used| used >= since) {
            return;
        }
        if let Err(err) = store::touch(&self.db, &row.user_id, &row.id, now, since).await {
            tracing::warn!(error = %err, "cannot record an app password's use");
        }
    }
}

fn asker(client: &Option<String>) -> Asker<'_> {
    client.as_deref().map_or(Asker::Stranger, Asker::Known)
}
