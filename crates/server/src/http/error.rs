//! The one error type of the HTTP layer. Every `/api/v1` failure is answered with
//! `{"error": "<message shown to the user>", "code": "<machine code>"}` and a 4xx or 5xx status.
//! Unexpected errors are logged with their cause and answered with a generic 500.

use std::borrow::Cow;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The JSON body of every API error.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A message fit to show to the user.
    pub error: String,
    /// A stable machine-readable code, e.g. `not_found`.
    pub code: String,
}

#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: Cow<'static, str>,
    #[source]
    cause: Option<anyhow::Error>,
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: &'static str,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            cause: None,
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    pub fn unauthorized(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    pub fn forbidden(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn not_found(message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// An unexpected failure: logged with its cause, answered with a generic 500.
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            code: "internal",
            message: Cow::Borrowed("Something went wrong on our side. Please try again."),
            cause: Some(cause.into()),
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            match &self.cause {
                Some(cause) => tracing::error!(error = ?cause, code = self.code, "request failed"),
                None => {
                    tracing::error!(code = self.code, message = %self.message, "request failed")
                }
            }
        }
        let body = ErrorBody {
            error: self.message.into_owned(),
            code: self.code.to_owned(),
        };
        (self.status, Json(body)).into_response()
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::internal(err)
    }
}

impl From<crate::media::MediaError> for ApiError {
    fn from(err: crate::media::MediaError) -> Self {
        Self::internal(err)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            return Self::new(
                status,
                "payload_too_large",
                "The request body is too large.",
            );
        }
        let code = if status == StatusCode::UNSUPPORTED_MEDIA_TYPE {
            "unsupported_media_type"
        } else {
            "invalid_json"
        };
        Self::new(status, code, rejection.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::bad_request("invalid_query", rejection.body_text())
    }
}

/// Answers requests to `/api` paths that match no route.
pub async fn api_not_found() -> ApiError {
    ApiError::not_found("Not found")
}

/// Answers requests to `/api` routes with a method they do not have.
pub async fn api_method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "Method not allowed",
    )
}
