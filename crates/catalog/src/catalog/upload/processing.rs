//! Processing an upload, as a background job: decode the original once, and from it make the
//! waveform peaks, the EBU R128 loudness and true peak, and the renditions each plan streams
//! (MP3 128 and 320 kbps, FLAC when the original is lossless). The renditions are stored
//! under a folder of their own per run (`renditions/{track}/{run}/`), then recorded together
//! with the job's completion in one transaction; a run that fails or loses its lease deletes
//! what it stored, and the run that ends the job deletes what runs whose node died left.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::store;
use crate::catalog::renditions::{self, RenditionRow};
use crate::catalog::track::TrackStatus;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure, Problem};
use backbeat_core::ids::TrackId;
use backbeat_platform::audio::{self, Limits, ProcessError};
use backbeat_platform::jobs::completion::Completion;
use backbeat_platform::jobs::{self, JobError, JobHandler, Lease};
use backbeat_platform::media::{MediaError, MediaKey, MediaStore, PendingMedia};

/// The job that processes an upload (its payload); [`Processing`] runs it.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessTrack {
    pub track_id: TrackId,
}

impl ProcessTrack {
    pub const KIND: &str = "process_track";
}

/// Runs [`ProcessTrack`] jobs.
#[derive(Clone, Debug)]
pub struct Processing {
    pub db: Db,
    pub media: MediaStore,
    /// Scratch space for the original and the renditions (`<data_dir>/tmp`).
    pub tmp_dir: PathBuf,
    /// How much decoding processing an upload may do.
    pub audio_limits: Limits,
    /// The job's time limit: decoding stops by itself when it is up.
    pub job_timeout: Duration,
}

impl JobHandler for Processing {
    fn kind(&self) -> &'static str {
        ProcessTrack::KIND
    }

    fn lane(&self) -> &'static str {
        jobs::DEFAULT_LANE
    }

    fn run<'a>(
        &'a self,
        payload: &'a str,
        lease: &'a Lease,
    ) -> BoxFuture<'a, Result<(), JobError>> {
        Box::pin(async move {
            let job: ProcessTrack = serde_json::from_str(payload).map_err(JobError::permanent)?;
            self.process_track(&job.track_id, lease).await
        })
    }

    fn give_up<'a>(
        &'a self,
        tx: &'a mut Tx,
        payload: &'a str,
        cause: &'a anyhow::Error,
    ) -> BoxFuture<'a, sqlx::Result<()>> {
        Box::pin(async move {
            match serde_json::from_str::<ProcessTrack>(payload) {
                Ok(job) => give_up(tx, &job.track_id, cause).await,
                // Nothing to record on: the job's own row says why.
                Err(_) => Ok(()),
            }
        })
    }

    fn tidy<'a>(&'a self, payload: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Ok(job) = serde_json::from_str::<ProcessTrack>(payload) {
                let recorded = renditions::renditions(&self.db, &job.track_id).await;
                let keys = recorded.map(|rows| rows.into_iter().map(|row| row.media_key).collect());
                let folder = format!("renditions/{}", job.track_id);
                self.media.tidy(&folder, keys).await;
            }
        })
    }
}

fn retryable(err: impl Into<anyhow::Error>) -> JobError {
    JobError::retryable(err)
}

/// Fails the job for good with a reason for the uploader.
fn permanent(problem: Problem) -> JobError {
    JobError::permanent(Failure::from(problem))
}

impl Processing {
    /// Runs the processing job of a track. A track that is gone or no longer processing needs
    /// nothing.
    async fn process_track(&self, track_id: &TrackId, lease: &Lease) -> Result<(), JobError> {
        let Some(source) = renditions::find_source(&self.db, track_id)
            .await
            .map_err(retryable)?
        else {
            return Ok(());
        };
        if source.status != TrackStatus::Processing {
            return Ok(());
        }
        let work_dir = tempfile::Builder::new()
            .prefix("process-")
            .tempdir_in(&self.tmp_dir)
            .map_err(retryable)?;
        let source_path = work_dir.path().join("source");
        let out_dir = work_dir.path().join("renditions");
        let key = MediaKey::parse(&source.audio_key).map_err(JobError::permanent)?;
        match self.media.download(&key, &source_path).await {
            Ok(_) => {}
            Err(MediaError::NotFound(_)) => {
                return Err(permanent(errors::SOURCE_MISSING));
            }
            Err(err) => return Err(retryable(err)),
        }
        tokio::fs::create_dir(&out_dir).await.map_err(retryable)?;

        let lossless = source.lossless_source;
        // Decoding stops by itself when the job's time is up, so no thread outlives the job.
        let limits = self
            .audio_limits
            .with_deadline(Instant::now() + self.job_timeout);
        let processed = tokio::task::spawn_blocking(move || {
            audio::process(&source_path, &out_dir, lossless, &limits)
        })
        .await
        .map_err(retryable)?
        .map_err(failure_of)?;

        let run = Uuid::now_v7();
        let mut pending = PendingMedia::new(&self.media);
        let mut renditions = Vec::with_capacity(processed.renditions.len());
        for rendition in &processed.renditions {
            let extension = rendition
                .path
                .extension()
                .and_then(|e| e.to_str())
                .unwrap_or("audio");
            let key = MediaKey::parse(&format!(
                "renditions/{track_id}/{run}/{}.{extension}",
                rendition.quality.as_str()
            ))
            .map_err(JobError::permanent)?;
            let size = pending
                .put_file_new(key.clone(), &rendition.path)
                .await
                .map_err(retryable)?;
            renditions.push(RenditionRow {
                quality: rendition.quality.as_str().to_owned(),
                media_key: key.to_string(),
                content_type: rendition.content_type.to_owned(),
                size_bytes: i64::try_from(size).map_err(retryable)?,
            });
        }
        let peaks = serde_json::to_string(&processed.peaks).map_err(retryable)?;
        // The scratch files go before the track reads ready.
        drop(work_dir);

        let now = Timestamp::now();
        let Some(mut done) = Completion::begin(&self.db, lease, pending, now).await? else {
            return Ok(());
        };
        if !store::mark_ready(
            &mut done.tx,
            track_id,
            &peaks,
            processed.integrated_lufs,
            processed.true_peak_dbtp,
            now,
        )
        .await
        .map_err(retryable)?
        {
            return done.commit_without_result().await;
        }
        for rendition in &renditions {
            renditions::insert_rendition(&mut done.tx, track_id, rendition, now)
                .await
                .map_err(retryable)?;
        }
        done.commit().await
    }
}

/// How a failed run of the audio pipeline ends the job. A file the decoder refuses, or that
/// is longer or decodes to more than the limits allow, fails at once with the upload page's
/// message; so does an encoder failure, which another attempt on the same file would repeat.
/// Only I/O failures are tried again.
fn failure_of(err: ProcessError) -> JobError {
    match err {
        ProcessError::Undecodable(detail) | ProcessError::OverLimit(detail) => JobError::permanent(
            anyhow::Error::new(Failure::from(errors::UNDECODABLE_AUDIO))
                .context(format!("decoding the original failed: {detail}")),
        ),
        ProcessError::TimedOut => permanent(errors::PROCESSING_TIMED_OUT),
        ProcessError::Encode(detail) => {
            JobError::permanent(anyhow::anyhow!("encoding a rendition failed: {detail}"))
        }
        ProcessError::Aborted => {
            JobError::permanent(anyhow::anyhow!("processing stopped without a cause"))
        }
        ProcessError::Io(err) => retryable(err),
    }
}

/// Records on the track that its processing failed for good, with a reason for the uploader.
async fn give_up(tx: &mut Tx, track_id: &TrackId, cause: &anyhow::Error) -> sqlx::Result<()> {
    let reason = if cause.downcast_ref::<jobs::TimedOut>().is_some() {
        errors::PROCESSING_TIMED_OUT
    } else {
        cause
            .downcast_ref::<Failure>()
            .and_then(Failure::problem)
            .unwrap_or(errors::PROCESSING_FAILED)
    };
    store::mark_failed(tx, track_id, reason.message, Timestamp::now()).await
}
