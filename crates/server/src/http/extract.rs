//! Extractors that answer malformed input with the API's JSON error format instead of axum's
//! plain-text rejections.

use axum::extract::{FromRequest, FromRequestParts};

use super::error::ApiError;

/// `axum::Json`, rejecting with [`ApiError`].
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

/// `axum::extract::Query`, rejecting with [`ApiError`].
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);
