//! The one error type of the HTTP layer. Every `/api/v1` failure is answered with
//! `{"error": "<message shown to the user>", "code": "<machine code>"}` and a 4xx or 5xx status,
//! from the error catalogue (`crate::errors`). Unexpected errors are logged with their cause and
//! answered with a generic 500. An overload (no database connection free in time) is no error:
//! it is answered 503 with `Retry-After` and logged as one warning line.

use std::borrow::Cow;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::errors::{self, Failure, Problem};

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
    /// A catalogue problem with a message that says more than the catalogue's.
    pub fn detailed(problem: Problem, message: impl Into<Cow<'static, str>>) -> Self {
        Self {
            status: StatusCode::from_u16(problem.status)
                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            code: problem.code,
            message: message.into(),
            cause: None,
        }
    }

    /// An unexpected failure: logged with its cause, answered with a generic 500; unless the
    /// cause is the database pool having no free connection, answered [`errors::OVERLOADED`].
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        let cause = cause.into();
        let overloaded = cause
            .chain()
            .filter_map(|err| err.downcast_ref::<sqlx::Error>())
            .any(errors::is_pool_exhausted);
        if overloaded {
            return errors::OVERLOADED.into();
        }
        Self {
            cause: Some(cause),
            ..Self::from(errors::INTERNAL)
        }
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl From<Problem> for ApiError {
    fn from(problem: Problem) -> Self {
        Self::detailed(problem, problem.message)
    }
}

impl From<Failure> for ApiError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Problem(problem) => problem.into(),
            Failure::Detailed(problem, message) => Self::detailed(problem, message),
            Failure::Unexpected(cause) => Self::internal(cause),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let overloaded = self.code == errors::OVERLOADED.code;
        if overloaded {
            tracing::warn!(
                code = self.code,
                "request refused: no database connection free in time"
            );
        } else if self.status.is_server_error() {
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
        let mut response = (self.status, Json(body)).into_response();
        if overloaded {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_static(RETRY_AFTER_SECS),
            );
        }
        response
    }
}

/// What an overloaded server asks clients to wait before trying again, in seconds.
pub const RETRY_AFTER_SECS: &str = "1";

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::internal(err)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => errors::PAYLOAD_TOO_LARGE.into(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                Self::detailed(errors::UNSUPPORTED_MEDIA_TYPE, rejection.body_text())
            }
            StatusCode::UNPROCESSABLE_ENTITY => {
                Self::detailed(errors::UNEXPECTED_JSON, rejection.body_text())
            }
            _ => Self::detailed(errors::INVALID_JSON, rejection.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        Self::detailed(errors::INVALID_QUERY, rejection.body_text())
    }
}

/// Answers requests to `/api` paths that match no route.
pub async fn api_not_found() -> ApiError {
    errors::NOT_FOUND.into()
}

/// Answers requests to `/api` routes with a method they do not have.
pub async fn api_method_not_allowed() -> ApiError {
    errors::METHOD_NOT_ALLOWED.into()
}
