//! `stream` and `download`: the rendition of the listener's plan (`maxBitRate` and `format`
//! may only lower it, never above the plan), of a track they may see, with HTTP ranges, served
//! by the catalog's streaming. Fetching a stream never counts a play: `scrobble` does.

use std::time::Duration;

use axum::response::IntoResponse;

use crate::context::{Ctx, Reply};
use crate::protocol::{SubsonicError, SubsonicResult};
use backbeat_catalog::catalog::renditions::find_visible_source;
use backbeat_catalog::streaming::routes::serve;
use backbeat_catalog::streaming::service::MIN_URL_LIFETIME_SECS;
use backbeat_core::ids::TrackId;
use backbeat_platform::plans::StreamQuality;

/// The best quality a request asks for: `maxBitRate` (kbit/s, 0 for no limit) under 320 is
/// the standard MP3, from 320 the high one; `format=mp3` at most the high one. `None` leaves the
/// plan's quality.
pub fn asked_quality(max_bit_rate: Option<i64>, format: Option<&str>) -> Option<StreamQuality> {
    let by_rate = match max_bit_rate {
        Some(rate) if rate > 0 && rate < 320 => Some(StreamQuality::Standard),
        Some(rate) if rate >= 320 => Some(StreamQuality::High),
        _ => None,
    };
    let by_format = match format {
        Some("mp3") => Some(StreamQuality::High),
        _ => None,
    };
    match (by_rate, by_format) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

pub async fn stream(ctx: &Ctx) -> SubsonicResult<Reply> {
    let id = ctx.params.required("id")?;
    let db = &ctx.services.db;
    let source = find_visible_source(db, &TrackId::from(id), &ctx.user)
        .await?
        .ok_or_else(|| SubsonicError::not_found("Song"))?;
    source.status.require_ready()?;
    let plan = ctx.quality().await?;
    let asked = asked_quality(ctx.params.int("maxBitRate")?, ctx.params.get("format"));
    let quality = asked.map_or(plan, |asked| asked.min(plan));
    let file = ctx
        .services
        .streams
        .file(db, &TrackId::from(id), quality)
        .await?;
    let lifetime = Duration::from_secs(MIN_URL_LIFETIME_SECS.unsigned_abs());
    let response = serve(
        &ctx.services.media,
        &file,
        &ctx.method,
        &ctx.headers,
        lifetime,
    )
    .await;
    Ok(Reply::Raw(match response {
        Ok(response) => response,
        Err(error) => error.into_response(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_can_only_ask_for_less() {
        assert_eq!(asked_quality(None, None), None);
        assert_eq!(asked_quality(Some(0), Some("raw")), None);
        assert_eq!(
            asked_quality(Some(128), None),
            Some(StreamQuality::Standard)
        );
        assert_eq!(
            asked_quality(Some(192), None),
            Some(StreamQuality::Standard)
        );
        assert_eq!(asked_quality(Some(320), None), Some(StreamQuality::High));
        assert_eq!(asked_quality(None, Some("mp3")), Some(StreamQuality::High));
        assert_eq!(
            asked_quality(Some(96), Some("mp3")),
            Some(StreamQuality::Standard)
        );
    }
}
