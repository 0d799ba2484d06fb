//! How a run records its result, written once for every job that stores files: the job is
//! completed under the run's lease in the transaction that records the result, and the files the
//! run stored are kept only once that transaction commits. A run that lost its lease (another
//! worker holds the job now, and its run records the result) changes nothing and deletes what it
//! stored.

use super::JobError;
use super::Lease;
use super::store;
use crate::media::PendingMedia;
use backbeat_core::db::{Db, Timestamp, Tx};

/// A run's result being recorded: the transaction that completed the job, and the run's files.
pub struct Completion {
    /// The transaction that completed the job; the result is written in it.
    pub tx: Tx,
    files: PendingMedia,
}

impl Completion {
    /// Completes the job under `lease` in a new transaction. `None` when the run lost its lease:
    /// its files are deleted, and nothing else is to be done.
    pub async fn begin(
        db: &Db,
        lease: &Lease,
        files: PendingMedia,
        now: Timestamp,
    ) -> Result<Option<Self>, JobError> {
        let mut tx = db.begin().await.map_err(JobError::retryable)?;
        if !store::complete(&mut tx, lease, now)
            .await
            .map_err(JobError::retryable)?
        {
            drop(tx);
            files.discard().await;
            return Ok(None);
        }
        Ok(Some(Self { tx, files }))
    }

    /// Commits the result, then keeps the files it records.
    pub async fn commit(self) -> Result<(), JobError> {
        self.tx.commit().await.map_err(JobError::retryable)?;
        self.files.keep();
        Ok(())
    }

    /// Commits the job's end without a result (what it was for changed meanwhile): the files
    /// are deleted.
    pub async fn commit_without_result(self) -> Result<(), JobError> {
        self.tx.commit().await.map_err(JobError::retryable)?;
        self.files.discard().await;
        Ok(())
    }
}
