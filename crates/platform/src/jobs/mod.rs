//! A durable job queue in the database: work that must happen after a request (processing an
//! upload) and must survive a restart. The queue runs jobs with the [`JobHandler`] registered
//! for their kind; it knows nothing of what they do.
//!
//! A job is a row (`jobs`): its kind, a JSON payload, a status (`queued`, `running`, `done`,
//! `failed`), the attempts made, when it may run next, and a lease (`locked_until`). Jobs are
//! enqueued inside the transaction that creates the work, so a job exists exactly when its
//! subject does. Workers ([`worker`]) claim one job at a time with a lease
//! (`BACKBEAT_JOB_LEASE_SECS`) they keep renewing, recording their node (`locked_by`); a job
//! whose node died is claimed again, by any node, once its lease runs out. Every write by a
//! worker names the attempt it holds, so a worker that lost its lease cannot finish someone
//! else's; what a dead attempt stored is deleted by the attempt that ends the job
//! ([`JobHandler::tidy`]).
//!
//! Each handler names the lane its jobs run in ([`JobHandler::lane`]); a lane has workers of
//! its own, which claim only its kinds. Slow work (separating a track's stems) thus never
//! delays quick work (processing an upload), and each lane's concurrency is set on its own.

pub mod completion;
pub mod store;
pub mod worker;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Serialize;
use tokio::sync::Notify;
use uuid::Uuid;

use backbeat_core::db::{Timestamp, Tx};

/// Attempts a job gets before it fails for good.
pub const MAX_ATTEMPTS: i64 = 3;

/// The lane of ordinary work, run by `BACKBEAT_JOB_WORKERS` workers.
pub const DEFAULT_LANE: &str = "default";

/// A kind of work, run by a worker when a job of its kind is claimed. The composition root
/// registers one handler per kind ([`JobHandlers`]); the queue knows nothing of what they do.
pub trait JobHandler: Send + Sync + 'static {
    /// The kind of the jobs it runs, as stored (`process_track`).
    fn kind(&self) -> &'static str;

    /// The lane its jobs run in: only that lane's workers claim them ([`DEFAULT_LANE`] unless
    /// the work needs workers of its own).
    fn lane(&self) -> &'static str;

    /// Runs a job with its stored payload. Every write it makes about the job names `lease`.
    fn run<'a>(&'a self, payload: &'a str, lease: &'a Lease)
    -> BoxFuture<'a, Result<(), JobError>>;

    /// Records on the job's subject, in the transaction that fails the job for good, why.
    fn give_up<'a>(
        &'a self,
        tx: &'a mut Tx,
        payload: &'a str,
        cause: &'a anyhow::Error,
    ) -> BoxFuture<'a, sqlx::Result<()>>;

    /// Runs once the transaction of [`JobHandler::give_up`] committed: what may only follow
    /// the record, such as telling the users who wait for the subject. Nothing by default.
    fn gave_up<'a>(&'a self, _payload: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(std::future::ready(()))
    }

    /// Deletes what attempts of the job stored and did not record: an attempt whose process
    /// died mid-job leaves its files behind. Run by the worker whose attempt ended the job
    /// (done or failed for good), once no other attempt can record anything. Nothing to do
    /// for jobs that store nothing outside their transaction.
    fn tidy<'a>(&'a self, _payload: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(std::future::ready(()))
    }
}

/// The handlers workers run jobs with, by kind.
#[derive(Clone, Default)]
pub struct JobHandlers(HashMap<&'static str, Arc<dyn JobHandler>>);

impl JobHandlers {
    pub fn with(mut self, handler: impl JobHandler) -> Self {
        self.0.insert(handler.kind(), Arc::new(handler));
        self
    }

    fn get(&self, kind: &str) -> Option<&Arc<dyn JobHandler>> {
        self.0.get(kind)
    }

    /// The kinds whose jobs run in `lane`, sorted.
    pub fn kinds_in(&self, lane: &str) -> Vec<&'static str> {
        let mut kinds: Vec<_> = self
            .0
            .values()
            .filter(|handler| handler.lane() == lane)
            .map(|handler| handler.kind())
            .collect();
        kinds.sort_unstable();
        kinds
    }
}

impl std::fmt::Debug for JobHandlers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.0.keys()).finish()
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

/// A job ran past its time limit; it fails for good with this as its cause.
#[derive(Debug, thiserror::Error)]
#[error("the job did not finish within {} seconds", .0.as_secs())]
pub struct TimedOut(pub Duration);

/// Enqueues jobs and wakes idle workers.
#[derive(Clone, Debug, Default)]
pub struct JobQueue {
    wake: Arc<Notify>,
}

impl JobQueue {
    /// Adds a job of `kind` with `payload` (stored as JSON) in the caller's transaction; call
    /// [`JobQueue::wake`] once it commits.
    pub async fn enqueue(
        &self,
        tx: &mut Tx,
        kind: &str,
        payload: &impl Serialize,
        now: Timestamp,
    ) -> sqlx::Result<String> {
        let payload =
            serde_json::to_string(payload).map_err(|err| sqlx::Error::Encode(err.into()))?;
        let id = Uuid::now_v7().to_string();
        store::insert(tx, &id, kind, &payload, now).await?;
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

/// Jobs as `backbeat jobs list` prints them: which node holds which job, and until when.
pub fn table(rows: &[store::JobRow]) -> String {
    let header = [
        "id",
        "kind",
        "status",
        "attempts",
        "node",
        "held until",
        "run after",
        "last error",
    ];
    let optional = |value: Option<String>| value.unwrap_or_else(|| "-".to_owned());
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|job| {
            vec![
                job.id.clone(),
                job.kind.clone(),
                job.status.to_string(),
                job.attempts.to_string(),
                optional(job.locked_by.clone()),
                optional(job.locked_until.map(|until| until.to_string())),
                job.run_after.to_string(),
                optional(
                    job.last_error
                        .as_ref()
                        .map(|error| error.replace('\n', " ")),
                ),
            ]
        })
        .collect();
    backbeat_core::text_table::aligned(&header, &rows)
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
    fn retries_back_off() {
        assert!(retry_delay(2) > retry_delay(1));
    }
}
