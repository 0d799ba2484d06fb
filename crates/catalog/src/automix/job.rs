//! The separation job (`separate_stems`, in the `automix` lane): decode the track's original to
//! a temporary WAV file, split it with the server's separator while writing the progress to
//! the stems row, encode each stem into the renditions a track has (MP3 128 and 320 kbit/s, FLAC
//! when the upload was lossless), store them under a folder of the attempt
//! (`stems/{track}/{run}/{attempt}/`), then record them and mark the stems ready in one
//! transaction with the job's completion. The scratch files go on every path out; stored files
//! that end up unrecorded are deleted again, those of attempts whose node died by the attempt
//! that ends the job. Each recorded step (a raised percentage, ready, failed for good) is
//! announced to the users who asked (`live.rs`) once it is recorded.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use uuid::Uuid;

use super::live::announce;
use super::separator::{Engine, Progress};
use super::status::StemStatus;
use super::store;
use crate::catalog::renditions::{self, RenditionRow};
use crate::catalog::stems::{self, Stem};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::TrackId;
use backbeat_platform::audio::{self, Limits, ProcessError, Rendition};
use backbeat_platform::events::EventBus;
use backbeat_platform::jobs::completion::Completion;
use backbeat_platform::jobs::{self, JobError, JobHandler, Lease};
use backbeat_platform::media::{MediaError, MediaKey, MediaStore, PendingMedia};

/// The lane of separations: `BACKBEAT_AUTOMIX_CONCURRENCY` workers (1 unless configured), apart
/// from upload processing.
pub const LANE: &str = "automix";

/// Progress is written at most this often.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// The job that separates a track's stems (its payload); [`Separation`] runs it.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeparateStems {
    pub track_id: TrackId,
    /// The run of the stems row this job works for.
    pub run_id: String,
}

impl SeparateStems {
    pub const KIND: &str = "separate_stems";
}

/// Runs [`SeparateStems`] jobs.
#[derive(Clone, Debug)]
pub struct Separation {
    pub db: Db,
    /// Where the steps of a separation are announced.
    pub events: EventBus,
    pub media: MediaStore,
    pub engine: Engine,
    /// Scratch space (`<data_dir>/tmp`).
    pub tmp_dir: PathBuf,
    /// How much decoding the original may take.
    pub audio_limits: Limits,
    /// The job's time limit.
    pub job_timeout: Duration,
}

impl JobHandler for Separation {
    fn kind(&self) -> &'static str {
        SeparateStems::KIND
    }

    fn lane(&self) -> &'static str {
        LANE
    }

    fn run<'a>(
        &'a self,
        payload: &'a str,
        lease: &'a Lease,
    ) -> BoxFuture<'a, Result<(), JobError>> {
        Box::pin(async move {
            let job: SeparateStems = serde_json::from_str(payload).map_err(JobError::permanent)?;
            self.separate(&job, lease).await
        })
    }

    fn give_up<'a>(
        &'a self,
        tx: &'a mut Tx,
        payload: &'a str,
        cause: &'a anyhow::Error,
    ) -> BoxFuture<'a, sqlx::Result<()>> {
        Box::pin(async move {
            let Ok(job) = serde_json::from_str::<SeparateStems>(payload) else {
                // Nothing to record on: the job's own row says why.
                return Ok(());
            };
            let message = failure_message(cause);
            store::mark_error(tx, &job.track_id, &job.run_id, &message, Timestamp::now()).await
        })
    }

    fn gave_up<'a>(&'a self, payload: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let Ok(job) = serde_json::from_str::<SeparateStems>(payload) else {
                return;
            };
            // Only a failure recorded on the run's row, not on another run's.
            match store::has_failed(&self.db, &job.track_id, &job.run_id).await {
                Ok(true) => announce(&self.events, &job.track_id, StemStatus::Error, 0).await,
                Ok(false) => {}
                Err(err) => {
                    tracing::warn!(track_id = %job.track_id, error = %err, "cannot read a failed separation")
                }
            }
        })
    }

    fn tidy<'a>(&'a self, payload: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Ok(job) = serde_json::from_str::<SeparateStems>(payload) {
                let recorded = stems::recorded_keys(&self.db, &job.track_id).await;
                let folder = format!("stems/{}/{}", job.track_id, job.run_id);
                self.media.tidy(&folder, recorded).await;
            }
        })
    }
}

/// What the stems row says when its run failed for good, which every listener who asks for
/// the stems reads: a catalogue message or the time limit, never the cause's own words (an
/// external separator's error output, paths, the decoder's findings), which the worker logs for
/// the operator with the job ("job failed for good") and keeps in the job's row.
fn failure_message(cause: &anyhow::Error) -> String {
    if let Some(timed_out) = cause.downcast_ref::<jobs::TimedOut>() {
        return format!(
            "AutoMix did not finish within {} seconds.",
            timed_out.0.as_secs()
        );
    }
    let problem = cause.downcast_ref::<Failure>().and_then(Failure::problem);
    problem.unwrap_or(errors::AUTOMIX_FAILED).message.to_owned()
}

fn retryable(err: impl Into<anyhow::Error>) -> JobError {
    JobError::retryable(err)
}

/// The stems of one run, encoded, in the scratch folder.
struct Encoded {
    vocals: Vec<Rendition>,
    accompaniment: Vec<Rendition>,
}

impl Separation {
    async fn separate(&self, job: &SeparateStems, lease: &Lease) -> Result<(), JobError> {
        let (track_id, run_id) = (&job.track_id, job.run_id.as_str());
        if !store::is_loading(&self.db, track_id, run_id)
            .await
            .map_err(retryable)?
        {
            // Another run holds the row, or this one already ended.
            return Ok(());
        }
        let Some(source) = renditions::find_source(&self.db, track_id)
            .await
            .map_err(retryable)?
        else {
            return Ok(());
        };
        let separator = self
            .engine
            .separator()
            .map_err(|reason| JobError::permanent(anyhow::anyhow!("{reason}")))?
            .clone();
        // Shared with the blocking work, so the folder goes only once both are done with it.
        let work_dir = Arc::new(
            tempfile::Builder::new()
                .prefix("stems-")
                .tempdir_in(&self.tmp_dir)
                .map_err(retryable)?,
        );
        let original = work_dir.path().join("original");
        let key = MediaKey::parse(&source.audio_key).map_err(JobError::permanent)?;
        match self.media.download(&key, &original).await {
            Ok(_) => {}
            Err(MediaError::NotFound(_)) => {
                return Err(JobError::permanent(Failure::from(errors::SOURCE_MISSING)));
            }
            Err(err) => return Err(retryable(err)),
        }

        let (percent, mut progress_changes) = watch::channel(0_i64);
        let progress = Progress::new(move |fraction| {
            // Separation is most of the work: 5 to 90 %.
            let value = 5 + (fraction * 85.0).round() as i64;
            percent.send_if_modified(|current| {
                let raise = value > *current;
                if raise {
                    *current = value;
                }
                raise
            });
        });
        // Dropped with this future (a timeout, the server stopping): the separator stops.
        let _stop = progress.stopper();
        let limits = self
            .audio_limits
            .with_deadline(Instant::now() + self.job_timeout);
        let lossless = source.lossless_source;
        let dir = work_dir.clone();
        let blocking = tokio::task::spawn_blocking(move || {
            split_and_encode(
                dir.path(),
                &original,
                lossless,
                &limits,
                &*separator,
                &progress,
            )
        });
        let writer = self.write_progress(track_id, run_id, &mut progress_changes);
        let (encoded, ()) = tokio::join!(blocking, writer);
        let encoded = encoded.map_err(retryable)??;

        let mut pending = PendingMedia::new(&self.media);
        let mut recorded = Vec::new();
        // A folder of this attempt's own: a dead attempt's files never stand in its way.
        let folder = format!("stems/{track_id}/{run_id}/{}", Uuid::now_v7());
        for (stem, files) in [
            (Stem::Vocals, &encoded.vocals),
            (Stem::Accompaniment, &encoded.accompaniment),
        ] {
            for rendition in files {
                let row = store_rendition(&mut pending, &folder, stem, rendition).await?;
                recorded.push((stem, row));
            }
        }
        drop(work_dir);

        let now = Timestamp::now();
        let Some(mut done) = Completion::begin(&self.db, lease, pending, now).await? else {
            return Ok(());
        };
        if !store::mark_ready(&mut done.tx, track_id, run_id, now)
            .await
            .map_err(retryable)?
        {
            return done.commit_without_result().await;
        }
        for (stem, row) in &recorded {
            stems::insert_stem_rendition(&mut done.tx, track_id, *stem, row, now)
                .await
                .map_err(retryable)?;
        }
        done.commit().await?;
        announce(&self.events, track_id, StemStatus::Ready, 100).await;
        Ok(())
    }

    /// Writes each raised percentage to the stems row, at most every [`PROGRESS_EVERY`], and
    /// announces it once written, until the separation drops its end of the channel.
    async fn write_progress(
        &self,
        track_id: &TrackId,
        run_id: &str,
        changes: &mut watch::Receiver<i64>,
    ) {
        let mut written = 0;
        while changes.changed().await.is_ok() {
            let percent = *changes.borrow_and_update();
            if percent > written {
                match store::set_progress(&self.db, track_id, run_id, percent, Timestamp::now())
                    .await
                {
                    Ok(true) => {
                        announce(&self.events, track_id, StemStatus::Loading, percent).await;
                    }
                    // An earlier attempt of the run got further: nothing new to say.
                    Ok(false) => {}
                    Err(err) => {
                        tracing::warn!(track_id = %track_id, error = %err, "cannot record the progress of a separation");
                    }
                }
                written = percent;
            }
            tokio::time::sleep(PROGRESS_EVERY).await;
        }
    }
}

/// Decodes the original to WAV, separates it and encodes both stems, in `dir`. Blocking.
fn split_and_encode(
    dir: &Path,
    original: &Path,
    lossless: bool,
    limits: &Limits,
    separator: &dyn super::separator::StemSeparator,
    progress: &Progress,
) -> Result<Encoded, JobError> {
    let input = dir.join("input.wav");
    let vocals = dir.join("vocals.wav");
    let accompaniment = dir.join("accompaniment.wav");
    audio::decode_to_wav(original, &input, limits).map_err(decoding_failure)?;
    progress.report(0.0);
    separator
        .separate(&input, &vocals, &accompaniment, progress)
        .map_err(JobError::permanent)?;
    let encode = |wav: &Path, name: &str| -> Result<Vec<Rendition>, JobError> {
        let out = dir.join(name);
        std::fs::create_dir(&out).map_err(retryable)?;
        let stem_limits = Limits {
            // The separator's WAV is larger than any upload it came from.
            max_decoded_ratio: u64::MAX,
            ..*limits
        };
        audio::process(wav, &out, lossless, &stem_limits)
            .map(|processed| processed.renditions)
            .map_err(|err| match err {
                ProcessError::Io(err) => retryable(err),
                other => JobError::permanent(anyhow::anyhow!("the {name} stem: {other}")),
            })
    };
    let vocals = encode(&vocals, "vocals")?;
    progress.report(1.0);
    let accompaniment = encode(&accompaniment, "accompaniment")?;
    Ok(Encoded {
        vocals,
        accompaniment,
    })
}

/// Decoding the original fails for good, except for I/O.
fn decoding_failure(err: ProcessError) -> JobError {
    match err {
        ProcessError::Io(err) => retryable(err),
        ProcessError::TimedOut => {
            JobError::permanent(anyhow::anyhow!("decoding the track took too long"))
        }
        other => JobError::permanent(anyhow::anyhow!("the track does not decode: {other}")),
    }
}

/// Stores one rendition of a stem in the attempt's `folder`.
async fn store_rendition(
    pending: &mut PendingMedia,
    folder: &str,
    stem: Stem,
    rendition: &Rendition,
) -> Result<RenditionRow, JobError> {
    let extension = rendition
        .path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("audio");
    let key = MediaKey::parse(&format!(
        "{folder}/{}-{}.{extension}",
        stem.as_str(),
        rendition.quality.as_str()
    ))
    .map_err(JobError::permanent)?;
    let size = pending
        .put_file_new(key.clone(), &rendition.path)
        .await
        .map_err(retryable)?;
    Ok(RenditionRow {
        quality: rendition.quality.as_str().to_owned(),
        media_key: key.to_string(),
        content_type: rendition.content_type.to_owned(),
        size_bytes: i64::try_from(size).map_err(retryable)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_separation_tells_listeners_only_what_the_catalogue_says() {
        let external = anyhow::anyhow!("the separator command failed (exit status: 3): key=sk_0")
            .context("separating");
        let missing = anyhow::Error::from(Failure::from(errors::SOURCE_MISSING));
        let timed_out = anyhow::Error::from(jobs::TimedOut(Duration::from_secs(900)));

        assert_eq!(failure_message(&external), errors::AUTOMIX_FAILED.message);
        assert_eq!(failure_message(&missing), errors::SOURCE_MISSING.message);
        assert_eq!(
            failure_message(&timed_out),
            "AutoMix did not finish within 900 seconds."
        );
    }
}
