//! The rules of AutoMix: a track's stems are separated once, by a background job, and shared by
//! every listener who may see the track. Starting returns the existing stems when they are loading
//! or ready; otherwise (none, or an earlier run that failed) it resets the row and enqueues the job
//! in one transaction, counted against the user's limit of separations started per 24 hours.

use uuid::Uuid;

use super::job::SeparateStems;
use super::separator::Engine;
use super::status::StemStatus;
use super::store::{self, NewRun, TrackStems};
use crate::catalog::stems::Stem;
use crate::streaming::service::{listener_quality, signed_stem_url};
use backbeat_auth::Keys;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_platform::jobs::JobQueue;
use backbeat_platform::plans::StreamQuality;
use backbeat_platform::users;

/// The window of the per-user limit.
const LIMIT_WINDOW: chrono::Duration = chrono::Duration::hours(24);

/// A track's stems as one listener sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StemsView {
    pub status: StemStatus,
    /// Whole percent: 0 unless loading or ready, 100 when ready.
    pub progress: i64,
    /// Signed URLs of the listener's plan's quality, when ready.
    pub vocals_url: Option<String>,
    pub accompaniment_url: Option<String>,
    /// Why the last run failed, when it did.
    pub error: Option<String>,
}

/// Whether a request started a separation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    Started,
    /// The stems were already loading or ready; nothing was counted.
    Existing,
}

/// AutoMix's service: the database, the queue, the separator (or why there is none) and the
/// per-user limit.
#[derive(Clone, Debug)]
pub struct Automix {
    pub db: Db,
    pub jobs: JobQueue,
    pub engine: Engine,
    /// Separations one user may start per 24 hours.
    pub user_limit: u32,
}

impl Automix {
    /// The stems of a track `viewer` may see.
    pub async fn stems(
        &self,
        keys: &Keys,
        viewer: &UserId,
        track_id: &TrackId,
    ) -> Result<StemsView, Failure> {
        let mut row = self.visible(track_id, viewer).await?;
        if row.stem_status() == StemStatus::Loading {
            // Recorded before the state is read again, so no change after that read can miss
            // the viewer's event streams.
            store::watch(&self.db, track_id, viewer, Timestamp::now()).await?;
            row = self.visible(track_id, viewer).await?;
        }
        self.view(keys, viewer, &row).await
    }

    async fn visible(&self, track_id: &TrackId, viewer: &UserId) -> Result<TrackStems, Failure> {
        Ok(store::visible_stems(&self.db, track_id, viewer)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?)
    }

    /// Starts separating the stems of a ready track `viewer` may see, unless they are loading
    /// or ready already.
    pub async fn start(
        &self,
        keys: &Keys,
        viewer: &UserId,
        track_id: &TrackId,
    ) -> Result<(Start, StemsView), Failure> {
        // Recorded before the state is read, so no change after that read can miss the
        // viewer's event streams (a track they may not see records nothing).
        store::watch(&self.db, track_id, viewer, Timestamp::now()).await?;
        let (start, row) = self.start_run(viewer, track_id).await?;
        if start == Start::Started {
            self.jobs.wake();
        }
        Ok((start, self.view(keys, viewer, &row).await?))
    }

    async fn start_run(
        &self,
        viewer: &UserId,
        track_id: &TrackId,
    ) -> Result<(Start, TrackStems), Failure> {
        // The user's lock first: one user's starts count and insert one at a time.
        let mut tx = users::begin_locked(&self.db, viewer).await?;
        let row = store::visible_stems_in(&mut tx, track_id, viewer)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?;
        let status = row.stem_status();
        if matches!(status, StemStatus::Loading | StemStatus::Ready) {
            return Ok((Start::Existing, row));
        }
        row.track_status.require_ready()?;
        if let Err(reason) = self.engine.separator() {
            // The listener hears that AutoMix is off; how to install it is for the operator's
            // log (and `backbeat models status`), never a folder of the server on a screen.
            tracing::warn!(%reason, "AutoMix was asked for but is not available");
            return Err(errors::AUTOMIX_UNAVAILABLE.into());
        }
        let now = Timestamp::now();
        let started = store::count_started_since(&mut tx, viewer, now - LIMIT_WINDOW).await?;
        if started >= i64::from(self.user_limit) {
            return Err(Failure::Detailed(
                errors::AUTOMIX_LIMIT_REACHED,
                errors::AUTOMIX_LIMIT_REACHED.message_for(&self.user_limit.to_string()),
            ));
        }
        let run_id = Uuid::now_v7().to_string();
        let run = NewRun {
            track_id,
            run_id: &run_id,
            requested_by: viewer,
            now,
        };
        if !store::begin_run(&mut tx, &run).await? {
            // Another listener's run started in the meantime: theirs is the result.
            let row = store::visible_stems_in(&mut tx, track_id, viewer)
                .await?
                .ok_or(errors::TRACK_NOT_FOUND)?;
            return Ok((Start::Existing, row));
        }
        store::insert_request(&mut tx, &Uuid::now_v7().to_string(), &run).await?;
        let job = SeparateStems {
            track_id: track_id.to_owned(),
            run_id: run_id.clone(),
        };
        self.jobs
            .enqueue(&mut tx, SeparateStems::KIND, &job, now)
            .await?;
        tx.commit().await?;
        Ok((
            Start::Started,
            TrackStems {
                status: Some(StemStatus::Loading),
                progress: Some(0),
                error: None,
                ..row
            },
        ))
    }

    async fn view(
        &self,
        keys: &Keys,
        viewer: &UserId,
        row: &TrackStems,
    ) -> Result<StemsView, Failure> {
        let status = row.stem_status();
        let (vocals_url, accompaniment_url) = if status == StemStatus::Ready {
            let quality = listener_quality(&self.db, viewer).await?;
            let url = |stem| stem_url(keys, row, stem, quality);
            (Some(url(Stem::Vocals)), Some(url(Stem::Accompaniment)))
        } else {
            (None, None)
        };
        Ok(StemsView {
            status,
            progress: match status {
                StemStatus::Ready => 100,
                StemStatus::Loading => row.progress.unwrap_or(0).clamp(0, 100),
                StemStatus::None | StemStatus::Error => 0,
            },
            vocals_url,
            accompaniment_url,
            error: (status == StemStatus::Error).then(|| row.error.clone().unwrap_or_default()),
        })
    }
}

fn stem_url(keys: &Keys, row: &TrackStems, stem: Stem, quality: StreamQuality) -> String {
    signed_stem_url(keys, &row.track_id, stem, quality, row.duration_secs).0
}
