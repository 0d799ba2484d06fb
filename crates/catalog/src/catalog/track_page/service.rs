//! The track page: a track as its viewer may see it, with its uploader and Up Next.

use super::store;
use crate::catalog::track::TrackRow;
use backbeat_core::db::Db;
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};

/// Up Next and related tracks show 5 tracks.
const UP_NEXT: i64 = 5;

/// Who uploaded a track, as the track page shows them.
#[derive(Clone, Debug)]
pub struct Uploader {
    pub id: String,
    pub name: String,
    pub avatar_key: Option<String>,
}

/// A track with what its page shows beside it.
#[derive(Clone, Debug)]
pub struct TrackDetail {
    pub track: TrackRow,
    pub waveform: Option<Vec<u8>>,
    pub loudness_lufs: Option<f64>,
    pub uploader: Uploader,
    pub up_next: Vec<TrackRow>,
}

/// A track as `viewer` may see it: ready, or their own upload in any state.
pub async fn track_detail(
    db: &Db,
    viewer: &UserId,
    track_id: &TrackId,
) -> Result<TrackDetail, Failure> {
    let row = store::find_visible(db, track_id, viewer)
        .await?
        .ok_or(errors::TRACK_NOT_FOUND)?;
    let up_next = store::related(
        db,
        &row.track.id,
        &row.track.artist,
        row.track.album.as_deref(),
        UP_NEXT,
    )
    .await?;
    let waveform = row
        .peaks
        .as_deref()
        .map(serde_json::from_str::<Vec<u8>>)
        .transpose()
        .map_err(Failure::unexpected)?;
    Ok(TrackDetail {
        uploader: Uploader {
            id: row.track.uploaded_by.to_string(),
            name: row.uploader_name.unwrap_or_default(),
            avatar_key: row.uploader_avatar_key,
        },
        track: row.track,
        waveform,
        loudness_lufs: row.loudness_lufs,
        up_next,
    })
}
