//! A durable job queue in the database: work that must happen after a request (processing an
//! upload) and must survive a restart. The queue runs jobs with the [`JobHandler`] registered
//! for their kind; it knows nothing of what they do.
//!
//! A job is a row (`jobs`): its kind, a JSON payload, a status (`queued`, `running`, `done`,
//! `failed`), the attempts made, when it may run next, and a lease (`locked_until`). Jobs are
//! enqueued inside the transaction that creates the work, so a job exists exactly when its
//! subject does. Workers ([`worker`]) claim one job at a time with a lease they keep renewing;
//! a job whose process died is claimed again once its lease runs out. Every write by a worker
//! names the attempt it holds, so a worker that lost its lease cannot finish someone else's.

pub mod store;
pub mod worker;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde::Serialize;
use tokio::sync::Notify;
use uuid::Uuid;

use crate::db::{Timestamp, Tx};

/// Attempts a job gets before it fails for good.
pub const MAX_ATTEMPTS: i64 = 3;

/// A kind of work, run by a worker when a job of its kind is claimed. The composition root
/// registers one handler per kind ([`JobHandlers`]); the queue knows nothing of what they do.
pub trait JobHandler: Send + Sync + 'static {
    /// The kind of the jobs it runs, as stored (`process_track`).
    fn kind(&self) -> &'static str;

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
