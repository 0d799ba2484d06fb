//! A track as every concern reads it: its row, its state, the rule of who may see it, and the
//! way lists show it (`Track`). Plays, likes, playlists, streaming, friends activity and
//! recommendations all take tracks from here.

use serde::Serialize;
use utoipa::ToSchema;

use backbeat_core::db::page::Page;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::{on_db, on_tx};
use backbeat_platform::media::routes::public_path;

backbeat_core::text_enum! {
    /// Where a track is on its way from upload to streamable.
    #[derive(Serialize, ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum TrackStatus {
        /// Uploaded; renditions, waveform and loudness are being made.
        Processing = "processing",
        /// Streamable.
        Ready = "ready",
        /// Processing gave up; `failure_reason` says why.
        Failed = "failed",
    }
    // Anything else stored reads as failed, which no one can stream.
    unknown_reads_as Failed;
}

impl TrackStatus {
    /// Fine when the track is ready; else why it cannot be played yet, or at all.
    pub fn require_ready(self) -> Result<(), Failure> {
        match self {
            Self::Ready => Ok(()),
            Self::Processing => Err(errors::TRACK_NOT_READY.into()),
            Self::Failed => Err(errors::TRACK_FAILED.into()),
        }
    }
}

/// The condition that the track `t` is visible to everyone, signed in or not: ready. Lists of
/// other people's tracks (browse, search, an artist, friends' listening, recommendations) show
/// only these.
#[doc(hidden)]
#[macro_export]
macro_rules! __catalog_visible_to_all {
    () => {
        "t.status = 'ready'"
    };
}
pub use __catalog_visible_to_all as visible_to_all;

/// The condition that the track `t` is visible to the viewer given as a bind parameter or a column
/// (`visible_to!("$2")`, `visible_to!("p.created_by")`): visible to all, or their own upload in
/// any state. With [`visible_to_all`], the one place this rule is written.
#[doc(hidden)]
#[macro_export]
macro_rules! __catalog_visible_to {
    ($viewer:expr) => {
        concat!(
            "(",
            $crate::catalog::track::visible_to_all!(),
            " OR t.uploaded_by = ",
            $viewer,
            ")"
        )
    };
}
pub use __catalog_visible_to as visible_to;

/// The columns of [`TrackRow`], for `concat!` into queries (alias `t`).
#[doc(hidden)]
#[macro_export]
macro_rules! __catalog_track_columns {
    () => {
        "t.id, t.uploaded_by, t.title, t.artist, t.album, t.genre, t.duration_secs, t.plays, \
         t.verified, t.status, t.failure_reason, t.cover_key, t.cover_large_key, t.created_at"
    };
}
pub use __catalog_track_columns as track_columns;
use backbeat_core::ids::{TrackId, UserId};

/// A track as lists show it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackRow {
    pub id: TrackId,
    pub uploaded_by: UserId,
    pub title: String,
    pub artist: String,
    pub album: Option<String>,
    pub genre: Option<String>,
    pub duration_secs: i64,
    pub plays: i64,
    pub verified: bool,
    pub status: TrackStatus,
    pub failure_reason: Option<String>,
    pub cover_key: Option<String>,
    pub cover_large_key: Option<String>,
    pub created_at: Timestamp,
}

const VISIBLE_TRACK: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t WHERE t.id = $1 AND ",
    visible_to!("$2")
);

/// The track if `viewer` may see it: ready, or their own upload in any state.
pub async fn visible_track(
    db: &Db,
    id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(VISIBLE_TRACK).bind(id).bind(viewer).fetch_optional(pool).await)
}

/// [`visible_track`] inside a transaction (which must not wait for a second connection). Reads
/// without locking the track.
pub async fn visible_track_in(
    tx: &mut Tx,
    id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackRow>> {
    on_tx!(tx, conn => sqlx::query_as(VISIBLE_TRACK).bind(id).bind(viewer).fetch_optional(conn).await)
}

/// The track `viewer` may see, ready to play: `TRACK_NOT_FOUND` when they may not see it,
/// `TRACK_NOT_READY` or `TRACK_FAILED` for their own upload that is not ready.
pub async fn ready_track(tx: &mut Tx, id: &TrackId, viewer: &UserId) -> Result<TrackRow, Failure> {
    let track = visible_track_in(tx, id, viewer)
        .await?
        .ok_or(errors::TRACK_NOT_FOUND)?;
    track.status.require_ready()?;
    Ok(track)
}

/// A track as lists show it. A missing album is null (lists show it as 'Single').
#[derive(Debug, Serialize, ToSchema)]
pub struct Track {
    pub id: String,
    pub title: String,
    pub artist: String,
    #[schema(required = true)]
    pub album: Option<String>,
    #[schema(required = true)]
    pub genre: Option<String>,
    /// Length in whole seconds.
    pub duration: i64,
    pub plays: i64,
    pub verified: bool,
    pub status: TrackStatus,
    /// Why processing failed, for the uploader; null unless `status` is `failed`.
    #[schema(required = true)]
    pub failure_reason: Option<String>,
    /// The cover at list size (256 px square); null when the track has none.
    #[schema(required = true)]
    pub cover_url: Option<String>,
    /// The cover at page size (up to 1024 px square); null when the track has none.
    #[schema(required = true)]
    pub cover_large_url: Option<String>,
    /// The uploader's user id.
    pub uploaded_by: String,
    pub created_at: Timestamp,
}

impl From<TrackRow> for Track {
    fn from(row: TrackRow) -> Self {
        Self {
            status: row.status,
            cover_url: row.cover_key.as_deref().map(public_path),
            cover_large_url: row.cover_large_key.as_deref().map(public_path),
            id: row.id.into(),
            title: row.title,
            artist: row.artist,
            album: row.album,
            genre: row.genre,
            duration: row.duration_secs,
            plays: row.plays,
            verified: row.verified,
            failure_reason: row.failure_reason,
            uploaded_by: row.uploaded_by.into(),
            created_at: row.created_at,
        }
    }
}

/// Rows as lists show them.
pub fn tracks(rows: Vec<TrackRow>) -> Vec<Track> {
    rows.into_iter().map(Track::from).collect()
}

/// A page of tracks.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackList {
    pub tracks: Vec<Track>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// How many tracks a search found, exact up to 1,000 (then 1,000, and
    /// `total_is_lower_bound`); null when the list is not a search.
    #[schema(required = true)]
    pub total: Option<i64>,
    /// True when a search found more than 1,000 tracks and `total` is 1,000.
    pub total_is_lower_bound: bool,
}

impl From<Page<TrackRow>> for TrackList {
    fn from(page: Page<TrackRow>) -> Self {
        Self {
            tracks: tracks(page.items),
            next_cursor: page.next_cursor,
            total: None,
            total_is_lower_bound: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TrackStatus;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_stored_and_said_as_its_word_and_anything_else_is_failed() {
        assert_stored_as(&[
            (TrackStatus::Processing, "processing"),
            (TrackStatus::Ready, "ready"),
            (TrackStatus::Failed, "failed"),
        ]);
        for unknown in ["", "Ready", "transcoding"] {
            assert_eq!(
                read_from_sqlite::<TrackStatus>(unknown).unwrap(),
                TrackStatus::Failed
            );
        }
    }
}
