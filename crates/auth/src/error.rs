//! Errors in GoTrue's two wire formats (reference/gotrue-wire.md, section 4).
//!
//! A handler answers with the legacy body `{"code": <status>, "error_code", "msg"}`; the
//! [`negotiate_format`] middleware rewrites it to `{"code": "<slug>", "message"}` and adds the
//! `X-Supabase-Api-Version` header when the request asked for the 2024-01-01 API version.

use std::borrow::Cow;

use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

pub const API_VERSION_HEADER: HeaderName = HeaderName::from_static("x-supabase-api-version");
const API_VERSION: &str = "2024-01-01";

#[derive(Debug)]
pub struct AuthError {
    status: StatusCode,
    code: &'static str,
    message: Cow<'static, str>,
    weak_password: Option<Vec<&'static str>>,
    cause: Option<anyhow::Error>,
}

pub type AuthResult<T> = Result<T, AuthError>;

/// What the format middleware needs to rewrite an error body.
#[derive(Clone)]
struct ErrorParts {
    code: &'static str,
    message: String,
    weak_password: Option<Vec<&'static str>>,
}

impl AuthError {
    pub fn new(
        status: StatusCode,
        code: &'static str,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            weak_password: None,
            cause: None,
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }

    pub fn weak_password(reasons: Vec<&'static str>) -> Self {
        Self {
            weak_password: Some(reasons),
            ..Self::unprocessable(
                "weak_password",
                format!(
                    "Password should be at least {} characters.",
                    super::password::MIN_LENGTH
                ),
            )
        }
    }

    pub fn rate_limited() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "over_request_rate_limit",
            "Request rate limit reached",
        )
    }

    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Self {
            cause: Some(cause.into()),
            ..Self::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "unexpected_failure",
                "Unexpected failure, please check server logs for more information",
            )
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl From<sqlx::Error> for AuthError {
    fn from(err: sqlx::Error) -> Self {
        // Clients sign the user out on a 4xx; a database that is briefly unreachable must not.
        let transient = matches!(
            err,
            sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed
        );
        if transient {
            tracing::warn!(error = %err, "auth: database unavailable");
            return Self::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "unexpected_failure",
                "Service temporarily unavailable",
            );
        }
        Self::internal(err)
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        if self.status.is_server_error()
            && let Some(cause) = &self.cause
        {
            tracing::error!(error = ?cause, code = self.code, "auth request failed");
        }
        let parts = ErrorParts {
            code: self.code,
            message: self.message.into_owned(),
            weak_password: self.weak_password,
        };
        let mut body = json!({
            "code": self.status.as_u16(),
            "error_code": parts.code,
            "msg": parts.message,
        });
        add_weak_password(&mut body, &parts.weak_password);
        let mut response = (self.status, Json(body)).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            // The database is busy or briefly unreachable: the client may try again shortly.
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                HeaderValue::from_static(backbeat_core::http::error::RETRY_AFTER_SECS),
            );
        }
        response.extensions_mut().insert(parts);
        response
    }
}

fn add_weak_password(body: &mut Value, reasons: &Option<Vec<&'static str>>) {
    if let Some(reasons) = reasons {
        body["weak_password"] = json!({ "reasons": reasons });
    }
}

/// Middleware: answers in the format of the API version the client asked for.
pub async fn negotiate_format(request: Request, next: Next) -> Response {
    let versioned = request
        .headers()
        .get(&API_VERSION_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v >= API_VERSION);
    let mut response = next.run(request).await;
    if !versioned {
        return response;
    }
    if let Some(parts) = response.extensions_mut().remove::<ErrorParts>() {
        let mut body = json!({ "code": parts.code, "message": parts.message });
        add_weak_password(&mut body, &parts.weak_password);
        let status = response.status();
        response = (status, Json(body)).into_response();
    }
    response
        .headers_mut()
        .insert(API_VERSION_HEADER, HeaderValue::from_static(API_VERSION));
    response
}

/// Answers `/auth/v1` paths that match no endpoint.
pub async fn not_found() -> AuthError {
    AuthError::not_found("not_found", "Not found")
}
