//! A track's stems as every concern reads them: which stems there are, and the files of ready
//! stems (streaming serves them like a track's renditions).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::catalog::renditions::RenditionRow;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::TrackId;
use backbeat_core::{on_db, on_tx};

/// One of the two parts a track is separated into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Stem {
    Vocals,
    /// Everything but the vocals ('Music' in the player).
    Accompaniment,
}

impl Stem {
    pub const ALL: [Self; 2] = [Self::Vocals, Self::Accompaniment];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Vocals => "vocals",
            Self::Accompaniment => "accompaniment",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|stem| stem.as_str() == value)
    }
}

/// The renditions of a stem, when the track's stems are ready.
pub async fn stem_renditions(
    db: &Db,
    track_id: &TrackId,
    stem: Stem,
) -> sqlx::Result<Vec<RenditionRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT r.quality, r.media_key, r.content_type, r.size_bytes \
         FROM stem_renditions r JOIN track_stems s ON s.track_id = r.track_id \
         WHERE r.track_id = $1 AND r.stem = $2 AND s.status = 'ready' ORDER BY r.quality")
        .bind(track_id).bind(stem.as_str()).fetch_all(pool).await)
}

/// The keys of every recorded file of the track's stems.
pub async fn recorded_keys(db: &Db, track_id: &TrackId) -> sqlx::Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT media_key FROM stem_renditions WHERE track_id = $1")
        .bind(track_id).fetch_all(pool).await)
}

/// Records a stem's rendition, in the transaction that marks the stems ready.
pub async fn insert_stem_rendition(
    tx: &mut Tx,
    track_id: &TrackId,
    stem: Stem,
    rendition: &RenditionRow,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stem_renditions \
            (track_id, stem, quality, media_key, content_type, size_bytes, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(track_id).bind(stem.as_str()).bind(&rendition.quality).bind(&rendition.media_key)
        .bind(&rendition.content_type).bind(rendition.size_bytes).bind(now)
        .execute(conn).await.map(drop))
}
