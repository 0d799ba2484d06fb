//! The query parameters of every paginated list, and how a bad cursor is answered.

use serde::Deserialize;
use utoipa::IntoParams;

use super::error::ApiError;
use crate::db::page::{InvalidCursor, PageRequest};
use crate::errors::Failure;

/// `cursor` and `limit` of a list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// `next_cursor` of the previous page; omit (or leave empty) for the first page.
    pub cursor: Option<String>,
    /// Items per page: 50 by default; any number is taken, clamped to 1..=100.
    pub limit: Option<i64>,
}

impl PageQuery {
    pub fn request(&self) -> Result<PageRequest, InvalidCursor> {
        PageRequest::parse(self.cursor.as_deref(), self.limit)
    }
}

impl From<InvalidCursor> for ApiError {
    fn from(err: InvalidCursor) -> Self {
        Failure::from(err).into()
    }
}
