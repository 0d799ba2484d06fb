//! Extractors that answer malformed input with the API's JSON error format instead of axum's
//! plain-text rejections.

use axum::extract::{FromRequest, FromRequestParts, Request};
use serde::de::DeserializeOwned;

use super::error::ApiError;
use crate::errors;

/// A JSON body, as `axum::Json` reads it (its content type, size and syntax), that must be a
/// JSON object: every body of the API is one, and a struct must not be read from an array of
/// its fields' values.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<S, T> FromRequest<S> for Json<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(value) =
            axum::Json::<serde_json::Value>::from_request(request, state).await?;
        if !value.is_object() {
            return Err(ApiError::detailed(
                errors::UNEXPECTED_JSON,
                "The request body must be a JSON object.",
            ));
        }
        serde_path_to_error::deserialize(value)
            .map(Self)
            .map_err(|err| {
                ApiError::detailed(
                    errors::UNEXPECTED_JSON,
                    format!("Failed to deserialize the JSON body into the target type: {err}"),
                )
            })
    }
}

/// `axum::extract::Query`, rejecting with [`ApiError`].
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);
