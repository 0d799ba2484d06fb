//! A signed stream URL as the API shows it: what `GET /tracks/{id}/stream-url` answers, and what
//! an offline download is fetched from.

use serde::Serialize;
use utoipa::ToSchema;

use super::service::SignedStream;
use backbeat_core::db::Timestamp;
use backbeat_platform::plans::StreamQuality;

/// A short-lived URL an `<audio>` element can play.
#[derive(Debug, Serialize, ToSchema)]
pub struct StreamUrl {
    /// Path of the stream with its signature; no bearer token needed.
    pub url: String,
    pub expires_at: Timestamp,
    /// What the URL plays, e.g. `audio/mpeg` or `audio/flac`.
    pub content_type: String,
    /// The listener's plan's quality (`lossless` plays the original of a lossy upload).
    pub quality: StreamQuality,
}

impl From<SignedStream> for StreamUrl {
    fn from(signed: SignedStream) -> Self {
        Self {
            url: signed.url,
            expires_at: signed.expires_at,
            content_type: signed.content_type,
            quality: signed.quality,
        }
    }
}
