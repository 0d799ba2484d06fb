//! `POST /api/v1/me/app-passwords`, `GET /api/v1/me/app-passwords` and
//! `DELETE /api/v1/me/app-passwords/{id}`: the passwords Subsonic apps sign in with.

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::name::NAME_RULES;
use super::service::CreatedAppPassword;
use crate::extract::AuthUser;
use crate::service::AuthService;
use crate::store::app_passwords::AppPasswordRow;
use backbeat_core::db::Timestamp;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract;

/// A new app password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewAppPasswordRequest {
    /// What the owner calls it (the app or device it is for).
    #[schema(schema_with = name_schema)]
    pub name: String,
}

fn name_schema() -> Object {
    NAME_RULES.schema("Trimmed; 1 to 64 characters, no control characters.")
}

/// An app password just made, with its secret: shown this once.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewAppPassword {
    pub id: String,
    pub name: String,
    /// The password a Subsonic app signs in with, beside the account's email.
    pub password: String,
    pub created_at: Timestamp,
}

impl From<CreatedAppPassword> for NewAppPassword {
    fn from(created: CreatedAppPassword) -> Self {
        Self {
            id: created.id,
            name: created.name,
            password: created.password,
            created_at: created.created_at,
        }
    }
}

/// An app password as its owner's list shows it (never its secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct AppPassword {
    pub id: String,
    pub name: String,
    pub created_at: Timestamp,
    /// When an app last signed in with it (recorded at most once a minute); null until then.
    #[schema(required = true)]
    pub last_used_at: Option<Timestamp>,
}

impl From<AppPasswordRow> for AppPassword {
    fn from(row: AppPasswordRow) -> Self {
        Self {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            last_used_at: row.last_used_at,
        }
    }
}

/// The caller's app passwords.
#[derive(Debug, Serialize, ToSchema)]
pub struct AppPasswordList {
    /// Newest first; at most 25.
    pub items: Vec<AppPassword>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(create_app_password, list_app_passwords))
        .routes(routes!(revoke_app_password))
}

/// Makes an app password for a Subsonic app; its secret is answered this once. A user with
/// two-factor authentication needs a session that used it.
#[utoipa::path(
    post,
    path = "/me/app-passwords",
    tag = "account",
    operation_id = "createAppPassword",
    security(("bearer" = [])),
    request_body = NewAppPasswordRequest,
    responses(
        (status = 201, description = "Made: the password is shown only here", body = NewAppPassword),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The account has 25 app passwords already \
            (`app_password_limit_reached`)", body = ErrorBody),
        (status = 422, description = "The name is empty, longer than 64 characters or has \
            control characters (`invalid_name`)", body = ErrorBody),
    )
)]
async fn create_app_password(
    user: AuthUser,
    State(auth): State<Arc<AuthService>>,
    extract::Json(body): extract::Json<NewAppPasswordRequest>,
) -> ApiResult<(StatusCode, Json<NewAppPassword>)> {
    let created = auth.create_app_password(&user.id, &body.name).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

/// The caller's app passwords, newest first, with when each was last used.
#[utoipa::path(
    get,
    path = "/me/app-passwords",
    tag = "account",
    operation_id = "listAppPasswords",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The app passwords", body = AppPasswordList),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list_app_passwords(
    user: AuthUser,
    State(auth): State<Arc<AuthService>>,
) -> ApiResult<Json<AppPasswordList>> {
    let rows = auth.app_passwords(&user.id).await?;
    Ok(Json(AppPasswordList {
        items: rows.into_iter().map(AppPassword::from).collect(),
    }))
}

/// Revokes one of the caller's app passwords: the next request signed with it is refused.
#[utoipa::path(
    delete,
    path = "/me/app-passwords/{id}",
    tag = "account",
    operation_id = "revokeAppPassword",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The app password's id")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "The caller has no app password of that id (`not_found`)", body = ErrorBody),
    )
)]
async fn revoke_app_password(
    user: AuthUser,
    State(auth): State<Arc<AuthService>>,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    auth.revoke_app_password(&user.id, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
