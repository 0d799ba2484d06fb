//! A signed-in Subsonic request as its endpoint reads it, and what an endpoint answers.

use std::collections::HashMap;
use std::sync::Arc;

use axum::http::{HeaderMap, Method};
use axum::response::Response;

use crate::model::{self, Audio};
use crate::protocol::{Node, Params, SubsonicResult};
use crate::state::SubsonicServices;
use crate::store::catalog;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_core::ids::UserId;
use backbeat_platform::plans::{self, StreamQuality};

/// A signed-in Subsonic request.
pub struct Ctx {
    pub services: Arc<SubsonicServices>,
    pub user: UserId,
    pub params: Params,
    pub headers: HeaderMap,
    pub method: Method,
}

/// What an endpoint answers: an element in the envelope (none for a bare `ok`), or bytes.
pub enum Reply {
    Node(Option<Node>),
    Raw(Response),
}

impl From<Node> for Reply {
    fn from(node: Node) -> Self {
        Self::Node(Some(node))
    }
}

/// An empty `ok`.
pub fn done() -> SubsonicResult<Reply> {
    Ok(Reply::Node(None))
}

impl Ctx {
    /// The stream quality of the user's plan.
    pub async fn quality(&self) -> SubsonicResult<StreamQuality> {
        Ok(plans::plan_of(&self.services.db, &self.user)
            .await?
            .stream_quality())
    }

    /// The user's Subsonic username: their account's email.
    pub async fn username(&self) -> SubsonicResult<String> {
        let email: Option<String> = backbeat_core::on_db!(&self.services.db, pool => sqlx::query_scalar(
            "SELECT email FROM users WHERE id = $1").bind(self.user.as_str()).fetch_optional(pool).await)?;
        Ok(email.unwrap_or_default())
    }

    /// Tracks as `song` elements, starred where the user likes them, with what the user's plan
    /// streams of each (Premium: FLAC of a lossless upload, else the original).
    pub async fn songs(&self, tracks: &[TrackRow]) -> SubsonicResult<Vec<Node>> {
        let db = &self.services.db;
        let quality = self.quality().await?;
        let ids: Vec<&str> = tracks.iter().map(|t| t.id.as_str()).collect();
        let liked = crate::store::library::liked_at(db, &self.user, &ids).await?;
        let originals: HashMap<String, Audio> = if quality == StreamQuality::Lossless {
            catalog::originals(db, &ids)
                .await?
                .into_iter()
                .filter(|original| !original.lossless_source)
                .map(|original| (original.id, Audio::original(&original.audio_content_type)))
                .collect()
        } else {
            HashMap::new()
        };
        let audio = Audio::of(quality);
        Ok(tracks
            .iter()
            .map(|track| {
                let audio = originals.get(track.id.as_str()).copied().unwrap_or(audio);
                model::song(track, audio, liked.get(track.id.as_str()).copied())
            })
            .collect())
    }
}
