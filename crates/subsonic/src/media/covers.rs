//! `getCoverArt`: the cover of a song, an album (its first track with one), an artist (their
//! first track with one) or a playlist, at most `size` pixels square, resized by the image
//! pipeline and kept in memory, so an app's grid of thumbnails decodes each cover once.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use bytes::Bytes;

use crate::context::{Ctx, Reply};
use crate::cover_cache::Cover;
use crate::ids::Id;
use crate::protocol::{SubsonicError, SubsonicResult};
use backbeat_catalog::catalog::artist::service::SINGLES;
use backbeat_catalog::catalog::track::visible_to_all;
use backbeat_core::db::Db;
use backbeat_core::ids::UserId;
use backbeat_core::on_db;
use backbeat_platform::images::{self, DecodeLimits};
use backbeat_platform::media::MediaKey;

/// The largest size made (the stored large cover is at most 1024 px).
const MAX_SIZE: i64 = 1024;
/// The size of the stored list covers.
const LIST_COVER_SIZE: i64 = 256;
const LIMITS: DecodeLimits = DecodeLimits {
    max_side: 4096,
    max_alloc: 128 * 1024 * 1024,
};

/// The stored covers (list size, large) of what `id` names.
async fn cover_keys(
    db: &Db,
    id: &Id,
    viewer: &UserId,
) -> sqlx::Result<Option<(Option<String>, Option<String>)>> {
    match id {
        Id::Plain(id) => {
            let track: Option<(Option<String>, Option<String>)> = on_db!(db, pool => sqlx::query_as(concat!(
                "SELECT t.cover_key, t.cover_large_key FROM tracks t WHERE t.id = $1 AND ",
                visible_to_all!()))
                .bind(id).fetch_optional(pool).await)?;
            if track.is_some() {
                return Ok(track);
            }
            on_db!(db, pool => sqlx::query_as(
                "SELECT t.cover_key, t.cover_large_key FROM playlist_tracks pt \
                 JOIN playlists p ON p.id = pt.playlist_id JOIN tracks t ON t.id = pt.track_id \
                 WHERE pt.playlist_id = $1 AND (p.created_by = $2 OR p.visibility = 'public') \
                   AND t.status = 'ready' AND t.cover_key IS NOT NULL \
                 ORDER BY pt.position LIMIT 1")
                .bind(id).bind(viewer).fetch_optional(pool).await)
        }
        Id::Artist(artist) => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT t.cover_key, t.cover_large_key FROM tracks t WHERE t.artist = $1 AND ",
            visible_to_all!(), " AND t.cover_key IS NOT NULL ORDER BY t.plays DESC, t.id LIMIT 1"))
            .bind(artist).fetch_optional(pool).await),
        Id::Album { artist, album } => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT t.cover_key, t.cover_large_key FROM tracks t WHERE t.artist = $1 \
             AND COALESCE(t.album, $3) = $2 AND ", visible_to_all!(), " AND t.cover_key IS NOT NULL \
             ORDER BY t.created_at, t.id LIMIT 1"))
            .bind(artist).bind(album).bind(SINGLES).fetch_optional(pool).await),
    }
}

pub async fn cover_art(ctx: &Ctx) -> SubsonicResult<Reply> {
    let id = Id::parse(ctx.params.required("id")?)
        .ok_or_else(|| SubsonicError::not_found("Cover art"))?;
    let size = ctx
        .params
        .int("size")?
        .filter(|s| *s > 0)
        .map(|s| s.min(MAX_SIZE));
    let keys = cover_keys(&ctx.services.db, &id, &ctx.user)
        .await?
        .ok_or_else(|| SubsonicError::not_found("Cover art"))?;
    let key = match (size, keys) {
        (Some(size), (Some(small), _)) if size <= LIST_COVER_SIZE => small,
        (_, (small, large)) => large
            .or(small)
            .ok_or_else(|| SubsonicError::not_found("Cover art"))?,
    };
    let cache_key = (key.clone(), size.unwrap_or(0));
    let (bytes, content_type) = match ctx.services.covers.get(&cache_key) {
        Some(cover) => cover,
        None => {
            let media_key =
                MediaKey::parse(&key).map_err(backbeat_core::errors::Failure::unexpected)?;
            let stored = ctx
                .services
                .media
                .get(&media_key)
                .await
                .map_err(backbeat_core::errors::Failure::unexpected)?;
            let cover = match size {
                None => (stored, content_type_of(&key)),
                Some(size) => resize(stored, size).await?,
            };
            ctx.services.covers.put(cache_key, cover.clone());
            cover
        }
    };
    let mut response = Response::new(Body::from(bytes));
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=86400"),
    );
    Ok(Reply::Raw(response))
}

/// `stored` scaled down to fit `size` pixels, off the async threads.
async fn resize(stored: Bytes, size: i64) -> SubsonicResult<Cover> {
    let side = u32::try_from(size).unwrap_or(1024);
    let encoded = tokio::task::spawn_blocking(move || images::fit_within(&stored, LIMITS, side))
        .await
        .map_err(backbeat_core::errors::Failure::unexpected)?
        .map_err(backbeat_core::errors::Failure::unexpected)?;
    Ok((encoded.bytes, content_type_of(encoded.extension)))
}

fn content_type_of(name: &str) -> &'static str {
    if name.ends_with("png") {
        "image/png"
    } else if name.ends_with("webp") {
        "image/webp"
    } else {
        "image/jpeg"
    }
}
