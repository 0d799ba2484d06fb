//! A durable job queue in the database: work that must happen after a request (processing an
//! upload) and must survive a restart.
//!
//! A job is a row (`jobs`): its kind, a JSON payload, a status (`queued`, `running`, `done`,
//! `failed`), the attempts made, when it may run next, and a lease (`locked_until`). Jobs are
//! enqueued inside the transaction that creates the work, so a job exists exactly when its
//! subject does. Workers ([`worker`]) claim one job at a time with a lease they keep renewing;
//! a job whose process died is claimed again once its lease runs out. Every write by a worker
//! names the attempt it holds, so a worker that lost its lease cannot finish someone else's.

pub mod store;
pub mod worker;

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::Notify;
use uuid::Uuid;

use crate::db::{Timestamp, Tx};

/// Attempts a job gets before it fails for good.
pub const MAX_ATTEMPTS: i64 = 3;

/// The work a job does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Turns an upload into its renditions, waveform and loudness.
    ProcessTrack { track_id: String },
}

const PROCESS_TRACK: &str = "process_track";

#[derive(Serialize, Deserialize)]
struct TrackPayload {
    track_id: String,
}

impl Job {
    pub fn kind(&self) -> &'static str {
        match self {
            Self::ProcessTrack { .. } => PROCESS_TRACK,
        }
    }

    pub fn payload(&self) -> String {
        let payload = match self {
            Self::ProcessTrack { track_id } => TrackPayload {
                track_id: track_id.clone(),
            },
        };
        serde_json::to_string(&payload).expect("a job payload serializes")
    }

    /// Reads a stored job back.
    pub fn parse(kind: &str, payload: &str) -> Result<Self, String> {
        match kind {
            PROCESS_TRACK => serde_json::from_str::<TrackPayload>(payload)
                .map(|p| Self::ProcessTrack {
                    track_id: p.track_id,
                })
                .map_err(|e| format!("invalid {kind} payload: {e}")),
            other => Err(format!("unknown job kind {other:?}")),
        }
    }
}

/// A claimed job: its id and the attempt this worker holds. Writes about the job are fenced by
/// both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub job_id: String,
    pub attempt: i64,
}

/// Why a job did not complete.
#[derive(Debug)]
pub struct JobError {
    /// Another attempt cannot succeed (the input is bad), so none is made.
    pub permanent: bool,
    pub cause: anyhow::Error,
}

impl JobError {
    pub fn permanent(cause: impl Into<anyhow::Error>) -> Self {
        Self {
            permanent: true,
            cause: cause.into(),
        }
    }

    pub fn retryable(cause: impl Into<anyhow::Error>) -> Self {
        Self {
            permanent: false,
            cause: cause.into(),
        }
    }
}

/// Enqueues jobs and wakes idle workers.
#[derive(Clone, Debug, Default)]
pub struct JobQueue {
    wake: Arc<Notify>,
}

impl JobQueue {
    /// Adds a job in the caller's transaction; call [`JobQueue::wake`] once it commits.
    pub async fn enqueue(&self, tx: &mut Tx, job: &Job, now: Timestamp) -> sqlx::Result<String> {
        let id = Uuid::now_v7().to_string();
        store::insert(tx, &id, job.kind(), &job.payload(), now).await?;
        Ok(id)
    }

    /// Tells idle workers of this process that a job is waiting (workers elsewhere find it by
    /// polling).
    pub fn wake(&self) {
        self.wake.notify_waiters();
    }

    fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// When a job that failed its `attempt`-th try may run again: 10 s, then 60 s.
pub fn retry_delay(attempt: i64) -> chrono::Duration {
    match attempt {
        ..=1 => chrono::Duration::seconds(10),
        _ => chrono::Duration::seconds(60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_survives_its_round_trip_through_the_table() {
        let job = Job::ProcessTrack {
            track_id: "t1".into(),
        };
        assert_eq!(Job::parse(job.kind(), &job.payload()).unwrap(), job);
        assert!(Job::parse("process_track", "{}").is_err());
        assert!(Job::parse("mine_bitcoin", "{}").is_err());
    }

    #[test]
    fn retries_back_off() {
        assert!(retry_delay(2) > retry_delay(1));
    }
}
