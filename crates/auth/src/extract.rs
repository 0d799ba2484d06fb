//! The one authentication of `/api/v1`: [`guard_api`] checks the bearer token of every request
//! that carries one (signature, expiry, live session, and the second factor of an account that
//! has one), and handlers take the result as [`AuthUser`].

use std::sync::Arc;

use axum::extract::{FromRequestParts, OptionalFromRequestParts, Request, State};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::service::{ApiSession, AuthFailure, AuthService};
use backbeat_core::errors;
use backbeat_core::http::error::ApiError;
use backbeat_core::ids::UserId;

/// The user behind a valid access token of a live session at the level their account requires.
/// Handlers that take it answer 401 to anonymous requests.
#[derive(Clone, Debug)]
pub struct AuthUser {
    pub id: UserId,
    pub email: String,
    pub session_id: String,
    /// When the access token expires (Unix seconds): long-lived responses end then.
    pub token_expires_at: i64,
}

impl From<ApiSession> for AuthUser {
    fn from(session: ApiSession) -> Self {
        Self {
            id: session.user_id,
            email: session.email,
            session_id: session.session_id,
            token_expires_at: session.expires_at,
        }
    }
}

fn refusal(failure: AuthFailure) -> ApiError {
    match failure {
        AuthFailure::Missing => errors::SESSION_MISSING.into(),
        AuthFailure::InsufficientAal => errors::SECOND_FACTOR_REQUIRED.into(),
        AuthFailure::Database(err) => err.into(),
        AuthFailure::BadJwt
        | AuthFailure::BadSubject
        | AuthFailure::UserNotFound
        | AuthFailure::SessionNotFound => errors::SESSION_EXPIRED.into(),
    }
}

/// A bearer token that did not authenticate (expired, signed out, forged): routes that need a
/// user refuse the request with it; public routes serve it as anonymous, as they would without
/// the header (a client racing its own sign-out is not an attacker).
#[derive(Clone, Copy, Debug)]
struct RejectedBearer;

/// Middleware on every `/api/v1` route: a request with an `Authorization` header is
/// authenticated here, once. A session that owes its second factor is refused on every route;
/// a token that does not authenticate is refused wherever a user is needed; a request without
/// one goes on anonymous (routes that need a user refuse it through [`AuthUser`]).
pub async fn guard_api(
    State(auth): State<Arc<AuthService>>,
    mut request: Request,
    next: Next,
) -> Response {
    if request.headers().contains_key(AUTHORIZATION) {
        match auth.authenticate_api(request.headers()).await {
            Ok(session) => {
                request.extensions_mut().insert(AuthUser::from(session));
            }
            Err(failure @ (AuthFailure::InsufficientAal | AuthFailure::Database(_))) => {
                return refusal(failure).into_response();
            }
            Err(_) => {
                request.extensions_mut().insert(RejectedBearer);
            }
        }
    }
    next.run(request).await
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        if let Some(user) = parts.extensions.get::<AuthUser>() {
            return Ok(user.clone());
        }
        Err(if parts.extensions.get::<RejectedBearer>().is_some() {
            refusal(AuthFailure::SessionNotFound)
        } else {
            refusal(AuthFailure::Missing)
        })
    }
}

/// The user, when the request came with a token; a token that did not authenticate is still
/// refused.
impl<S: Send + Sync> OptionalFromRequestParts<S> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &S,
    ) -> Result<Option<Self>, Self::Rejection> {
        if parts.extensions.get::<RejectedBearer>().is_some() {
            return Err(refusal(AuthFailure::SessionNotFound));
        }
        Ok(parts.extensions.get::<AuthUser>().cloned())
    }
}
