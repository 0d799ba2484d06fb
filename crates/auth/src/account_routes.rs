//! The auth concern's part of `/api/v1`: two-factor recovery codes (`/me/recovery-codes`) and
//! the "This wasn't me" link of security mail (`/not-me`). The GoTrue endpoints are under
//! `/auth/v1` (routes.rs).

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::AuthUser;
use super::routes::Meta;
use super::service::{AuthService, SecuredAccount};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract;
use backbeat_core::net::ClientAddressRule;
use backbeat_platform::config::Config;

/// A new set of recovery codes, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodes {
    /// Ten one-time codes (`xxxxx-xxxxx`), each accepted once in place of an authenticator
    /// app's code as the `code` of `POST /auth/v1/factors/{id}/verify`.
    pub recovery_codes: Vec<String>,
}

/// How many recovery codes are left.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecoveryCodesLeft {
    /// Unused recovery codes (0 when two-factor authentication is off).
    pub remaining: i64,
}

/// The token of a "This wasn't me" link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NotMeRequest {
    /// The `token` parameter of the link in the security mail.
    pub token: String,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Arc<Config>: FromRef<S>,
    ClientAddressRule: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(recovery_codes_left, renew_recovery_codes))
        .routes(routes!(not_me))
}

/// How many of the own two-factor recovery codes are unused.
#[utoipa::path(
    get,
    path = "/me/recovery-codes",
    tag = "account",
    operation_id = "getRecoveryCodesLeft",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The count", body = RecoveryCodesLeft),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The session owes its second factor (`insufficient_aal`)", body = ErrorBody),
    )
)]
async fn recovery_codes_left(
    user: AuthUser,
    State(auth): State<Arc<AuthService>>,
) -> ApiResult<Json<RecoveryCodesLeft>> {
    let remaining = auth.unused_recovery_codes(&user.id).await?;
    Ok(Json(RecoveryCodesLeft { remaining }))
}

/// Makes ten new recovery codes; the old ones stop working. The account's address is mailed.
#[utoipa::path(
    post,
    path = "/me/recovery-codes",
    tag = "account",
    operation_id = "renewRecoveryCodes",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The new codes, shown this once", body = RecoveryCodes),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The session owes its second factor (`insufficient_aal`)", body = ErrorBody),
        (status = 409, description = "Two-factor authentication is off (`two_factor_not_enabled`)", body = ErrorBody),
    )
)]
async fn renew_recovery_codes(
    user: AuthUser,
    State(auth): State<Arc<AuthService>>,
    Meta(meta): Meta,
) -> ApiResult<Json<RecoveryCodes>> {
    let recovery_codes = auth.renew_recovery_codes(&user.id, &meta).await?;
    Ok(Json(RecoveryCodes { recovery_codes }))
}

/// "This wasn't me", from the link of a security mail (no session needed: the link's token is
/// the proof): removes every second factor added in the last 7 days and every recovery code,
/// ends every session of the account, and mails a link to choose a new password.
#[utoipa::path(
    post,
    path = "/not-me",
    tag = "account",
    operation_id = "secureAccount",
    request_body = NotMeRequest,
    responses(
        (status = 200, description = "The account is secured", body = SecuredAccount),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 403, description = "The link is invalid or has expired (`invalid_link`)", body = ErrorBody),
        (status = 422, description = "The body lacks `token` (`invalid_json`)", body = ErrorBody),
        (status = 429, description = "Too many attempts from this client (`rate_limited`)", body = ErrorBody),
    )
)]
async fn not_me(
    State(auth): State<Arc<AuthService>>,
    Meta(meta): Meta,
    extract::Json(body): extract::Json<NotMeRequest>,
) -> ApiResult<Json<SecuredAccount>> {
    Ok(Json(auth.not_me(&body.token, &meta).await?))
}
