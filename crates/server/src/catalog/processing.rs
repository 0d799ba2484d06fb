//! Processing an upload, as a background job: decode the original once, and from it make the
//! waveform peaks, the EBU R128 loudness and true peak, and the renditions each plan streams
//! (MP3 128 and 320 kbps, FLAC when the original is lossless). The renditions are stored
//! under a folder of their own per run, then recorded together with the job's completion in
//! one transaction; a run that fails or loses its lease deletes what it stored.

use bytes::Bytes;
use uuid::Uuid;

use super::PendingMedia;
use super::TrackStatus;
use super::store::{self, RenditionRow};
use crate::audio::{self, ProcessError};
use crate::db::{Timestamp, Tx};
use crate::jobs::worker::WorkerContext;
use crate::jobs::{JobError, Lease, store as jobs};
use crate::media::{MediaError, MediaKey};

/// Why processing cannot succeed, in words for the uploader (the track's `failure_reason`).
#[derive(Debug, thiserror::Error)]
pub enum ProcessingFailure {
    #[error("Failed to load audio file. Please try another file.")]
    Undecodable,
    #[error("The uploaded file is missing. Please upload the track again.")]
    SourceMissing,
}

/// Shown when processing failed for any other reason.
const GENERIC_FAILURE: &str = "Processing failed. Please upload the track again.";

fn retryable(err: impl Into<anyhow::Error>) -> JobError {
    JobError::retryable(err)
}

/// Runs the processing job of a track. A track that is gone or no longer processing needs
/// nothing.
pub async fn process_track(
    context: &WorkerContext,
    track_id: &str,
    lease: &Lease,
) -> Result<(), JobError> {
    let Some(source) = store::find_source(&context.db, track_id)
        .await
        .map_err(retryable)?
    else {
        return Ok(());
    };
    if TrackStatus::from_stored(&source.status) != TrackStatus::Processing {
        return Ok(());
    }
    let work_dir = tempfile::Builder::new()
        .prefix("process-")
        .tempdir_in(&context.tmp_dir)
        .map_err(retryable)?;
    let source_path = work_dir.path().join("source");
    let out_dir = work_dir.path().join("renditions");
    let key = MediaKey::parse(&source.audio_key).map_err(JobError::permanent)?;
    let original = match context.media.get(&key).await {
        Ok(bytes) => bytes,
        Err(MediaError::NotFound(_)) => {
            return Err(JobError::permanent(ProcessingFailure::SourceMissing));
        }
        Err(err) => return Err(retryable(err)),
    };
    tokio::fs::write(&source_path, &original)
        .await
        .map_err(retryable)?;
    drop(original);
    tokio::fs::create_dir(&out_dir).await.map_err(retryable)?;

    let lossless = source.lossless_source;
    let processed =
        tokio::task::spawn_blocking(move || audio::process(&source_path, &out_dir, lossless))
            .await
            .map_err(retryable)?
            .map_err(|err| match err {
                ProcessError::Undecodable(detail) => JobError::permanent(
                    anyhow::Error::new(ProcessingFailure::Undecodable)
                        .context(format!("decoding the original failed: {detail}")),
                ),
                ProcessError::Encode(detail) => {
                    retryable(anyhow::anyhow!("encoding a rendition failed: {detail}"))
                }
                ProcessError::Io(err) => retryable(err),
            })?;

    let run = Uuid::now_v7();
    let mut pending = PendingMedia::new(&context.media);
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
        let bytes = tokio::fs::read(&rendition.path).await.map_err(retryable)?;
        let size_bytes = i64::try_from(bytes.len()).map_err(retryable)?;
        pending
            .put_new(key.clone(), Bytes::from(bytes))
            .await
            .map_err(retryable)?;
        renditions.push(RenditionRow {
            quality: rendition.quality.as_str().to_owned(),
            media_key: key.to_string(),
            content_type: rendition.content_type.to_owned(),
            size_bytes,
        });
    }
    let peaks = serde_json::to_string(&processed.peaks).map_err(retryable)?;
    // The scratch files go before the track reads ready.
    drop(work_dir);

    let now = Timestamp::now();
    let mut tx = context.db.begin().await.map_err(retryable)?;
    if !jobs::complete(&mut tx, lease, now)
        .await
        .map_err(retryable)?
    {
        // Another worker holds the job now; its run records the result.
        return Ok(());
    }
    if !store::mark_ready(
        &mut tx,
        track_id,
        &peaks,
        processed.integrated_lufs,
        processed.true_peak_dbtp,
        now,
    )
    .await
    .map_err(retryable)?
    {
        tx.commit().await.map_err(retryable)?;
        return Ok(());
    }
    for rendition in &renditions {
        store::insert_rendition(&mut tx, track_id, rendition, now)
            .await
            .map_err(retryable)?;
    }
    tx.commit().await.map_err(retryable)?;
    pending.keep();
    Ok(())
}

/// Records on the track that its processing failed for good, with a reason for the uploader.
pub async fn give_up(tx: &mut Tx, track_id: &str, cause: &anyhow::Error) -> sqlx::Result<()> {
    let reason = cause
        .downcast_ref::<ProcessingFailure>()
        .map_or_else(|| GENERIC_FAILURE.to_owned(), ToString::to_string);
    store::mark_failed(tx, track_id, &reason, Timestamp::now()).await
}
