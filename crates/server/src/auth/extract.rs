//! The signed-in user of an `/api/v1` request.

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use super::service::{AuthFailure, AuthService};
use crate::http::error::ApiError;

/// The user behind a valid access token of a live session. Handlers that take it answer 401 to
/// anonymous requests.
#[derive(Clone, Debug)]
pub struct AuthUser {
    pub id: String,
    pub email: String,
    pub session_id: String,
}

impl AuthUser {
    /// The user of the bearer token in `headers`, for handlers that need one only sometimes.
    pub async fn from_headers(auth: &AuthService, headers: &HeaderMap) -> Result<Self, ApiError> {
        match auth.authenticate_session(headers).await {
            Ok((claims, session)) => Ok(Self {
                id: claims.sub,
                email: claims.email,
                session_id: session.id,
            }),
            Err(AuthFailure::Missing) => Err(ApiError::unauthorized("Auth session missing!")),
            Err(AuthFailure::Database(err)) => Err(err.into()),
            Err(_) => Err(ApiError::new(
                axum::http::StatusCode::UNAUTHORIZED,
                "invalid_session",
                "Your session has expired. Please log in again.",
            )),
        }
    }
}

impl<S> FromRequestParts<S> for AuthUser
where
    S: Send + Sync,
    Arc<AuthService>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let auth = Arc::<AuthService>::from_ref(state);
        Self::from_headers(&auth, &parts.headers).await
    }
}
