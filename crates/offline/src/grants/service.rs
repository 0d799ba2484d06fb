//! The rules of downloads, each in one transaction that first locks the listener's profile row
//! (`platform::users::begin_locked`), so concurrent grants of one listener queue and never
//! exceed the plan together. A grant is all or nothing: every track must be one the listener may
//! play, and the tracks not granted yet must fit the plan beside those that are. Downloads are
//! the plan's quality through the catalog's signed stream URLs (`Streams::sign`).

use backbeat_auth::Keys;
use backbeat_catalog::catalog::track::{Track, ready_track};
use backbeat_catalog::streaming::{StreamUrl, Streams};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::Failure;
use backbeat_core::ids::{TrackId, UserId};
use backbeat_platform::plans::{self, OfflineAllowance};
use backbeat_platform::users;

use super::grant::{OfflineDownload, OfflineGrant, OfflineStatus, used_secs};
use super::{rules, store};
use crate::batch;

/// The check-in: ends the grants the listener's plan no longer allows, and answers what remains.
pub async fn check_in(db: &Db, listener: &UserId) -> Result<OfflineStatus, Failure> {
    let mut tx = users::begin_locked(db, listener).await?;
    let plan = plans::plan_of_in(&mut tx, listener).await?;
    let grants = allowed_grants(&mut tx, listener, plan.offline_allowance()).await?;
    tx.commit().await?;
    Ok(OfflineStatus::new(plan, grants, Timestamp::now()))
}

/// Grants the tracks (1 to 500 ids, duplicates ignored) for download, all or none, and answers
/// each with a fresh signed URL in the plan's quality, and the status after the grant. A track
/// granted already is answered again without counting twice. Refused: a plan without downloads
/// (`offline_not_in_plan`), tracks past the plan's allowance (`offline_limit_reached`), a track
/// the listener cannot see (`not_found`) or not ready (`not_ready`, `processing_failed`).
pub async fn grant(
    db: &Db,
    keys: &Keys,
    streams: &Streams,
    listener: &UserId,
    track_ids: &[TrackId],
) -> Result<(OfflineStatus, Vec<OfflineDownload>), Failure> {
    batch::check_size(track_ids.len(), "track ids")?;
    let mut wanted: Vec<&TrackId> = Vec::with_capacity(track_ids.len());
    for id in track_ids {
        if !wanted.contains(&id) {
            wanted.push(id);
        }
    }
    let mut tx = users::begin_locked(db, listener).await?;
    let plan = plans::plan_of_in(&mut tx, listener).await?;
    let allowance = plan.offline_allowance();
    // A plan without downloads is refused before anything else is read.
    rules::check_room(allowance, 0, 0)?;
    let mut grants = allowed_grants(&mut tx, listener, allowance).await?;
    let mut tracks = Vec::with_capacity(wanted.len());
    for id in &wanted {
        tracks.push(ready_track(&mut tx, id, listener).await?);
    }
    let now = Timestamp::now();
    let new: Vec<OfflineGrant> = tracks
        .iter()
        .filter(|track| !grants.iter().any(|g| g.track_id == track.id))
        .map(|track| store::new_grant(&track.id, track.duration_secs, now))
        .collect();
    rules::check_room(allowance, used_secs(&grants), used_secs(&new))?;
    for grant in &new {
        store::insert_grant(&mut tx, listener, grant).await?;
    }
    tx.commit().await?;
    grants.extend(new);

    // The tracks and the plan were read above, under the lock: only the files are looked up.
    let quality = plan.stream_quality();
    let mut downloads = Vec::with_capacity(tracks.len());
    for track in tracks {
        let signed = streams
            .sign(db, keys, &track.id, track.duration_secs, quality)
            .await?;
        downloads.push(OfflineDownload {
            track: Track::from(track),
            stream: StreamUrl::from(signed),
        });
    }
    Ok((OfflineStatus::new(plan, grants, now), downloads))
}

/// Ends the listener's grant of the track; nothing when there is none.
pub async fn remove(db: &Db, listener: &UserId, track_id: &TrackId) -> Result<(), Failure> {
    Ok(store::delete_grant(db, listener, track_id).await?)
}

/// Ends every grant of the listener.
pub async fn remove_all(db: &Db, listener: &UserId) -> Result<(), Failure> {
    Ok(store::delete_all(db, listener).await?)
}

/// The listener's grants the allowance allows, oldest first, after ending the others in `tx`.
async fn allowed_grants(
    tx: &mut Tx,
    listener: &UserId,
    allowance: OfflineAllowance,
) -> Result<Vec<OfflineGrant>, Failure> {
    let mut grants = store::grants(tx, listener).await?;
    let ended: Vec<TrackId> = rules::ended_by(allowance, &grants)
        .into_iter()
        .map(|grant| grant.track_id.clone())
        .collect();
    for track_id in &ended {
        store::delete_grant_in(tx, listener, track_id).await?;
    }
    grants.retain(|grant| !ended.contains(&grant.track_id));
    Ok(grants)
}
