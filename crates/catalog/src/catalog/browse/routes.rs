//! `GET /api/v1/tracks`: the catalog, newest first, or a search.

use axum::Json;
use axum::extract::{FromRef, State};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use crate::catalog::search::facts::SearchFacts;
use crate::catalog::track::TrackList;
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrackSearch {
    /// Search text: tracks whose title, artist, album or genre hold every word of it, the last
    /// word as a prefix, ignoring case and diacritics. Trimmed; empty lists all tracks. At most
    /// 200 characters and 10 words (runs of letters or digits) once trimmed, else 400
    /// `search_too_long`.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
    SearchFacts: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(list_tracks))
}

/// Ready tracks, newest first, or those matching a search with their count: exact title or
/// artist matches first, then matches in the title or artist, then in the album, then in the
/// genre; within each, the most played first, then the newest.
#[utoipa::path(
    get,
    path = "/tracks",
    tag = "tracks",
    operation_id = "listTracks",
    security(("bearer" = [])),
    params(TrackSearch, PageQuery),
    responses(
        (status = 200, description = "A page of tracks", body = TrackList),
        (status = 400, description = "A search over 200 characters or 10 words \
            (`search_too_long`), an invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list_tracks(
    _user: AuthUser,
    State(db): State<Db>,
    State(facts): State<SearchFacts>,
    Query(search): Query<TrackSearch>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<TrackList>> {
    let request = page.request()?;
    let listing = service::list_tracks(&db, &facts, search.q.as_deref(), &request).await?;
    let mut list = TrackList::from(listing.page);
    if let Some(found) = listing.total {
        list.total = Some(found.total);
        list.total_is_lower_bound = found.is_lower_bound;
    }
    Ok(Json(list))
}
