//! SQL of the job queue. Writes by a worker name the job and the attempt it holds
//! (`attempts = $n AND status = 'running'`), so a worker whose lease was taken over changes
//! nothing.

use super::Lease;
use crate::db::{Db, Timestamp, Tx};
use crate::{on_db, on_tx};

/// A job as claimed by a worker.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ClaimedJob {
    pub id: String,
    pub kind: String,
    pub payload: String,
    pub attempts: i64,
}

impl ClaimedJob {
    pub fn lease(&self) -> Lease {
        Lease {
            job_id: self.id.clone(),
            attempt: self.attempts,
        }
    }
}

/// A job's state, for operators and tests.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct JobRow {
    pub id: String,
    pub kind: String,
    pub payload: String,
    pub status: String,
    pub attempts: i64,
    pub run_after: Timestamp,
    pub locked_until: Option<Timestamp>,
    pub last_error: Option<String>,
}

pub async fn insert(
    tx: &mut Tx,
    id: &str,
    kind: &str,
    payload: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO jobs (id, kind, payload, status, attempts, run_after, created_at, updated_at) \
         VALUES ($1, $2, $3, 'queued', 0, $4, $4, $4)")
        .bind(id).bind(kind).bind(payload).bind(now).execute(conn).await.map(drop))
}

/// Claims the oldest job that is due, or whose worker's lease ran out, until `lease_until`.
///
/// The outer `WHERE` repeats the condition of the inner `SELECT`: when two workers pick the same
/// row, PostgreSQL re-checks it for the second after the first commits and finds it taken (no
/// row returned); SQLite runs one writer at a time.
pub async fn claim(
    db: &Db,
    now: Timestamp,
    lease_until: Timestamp,
) -> sqlx::Result<Option<ClaimedJob>> {
    on_db!(db, pool => sqlx::query_as(
        "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $2, \
                updated_at = $1 \
         WHERE id = (SELECT id FROM jobs \
                     WHERE (status = 'queued' AND run_after <= $1) \
                        OR (status = 'running' AND locked_until < $1) \
                     ORDER BY created_at LIMIT 1) \
           AND ((status = 'queued' AND run_after <= $1) \
                OR (status = 'running' AND locked_until < $1)) \
         RETURNING id, kind, payload, attempts")
        .bind(now).bind(lease_until).fetch_optional(pool).await)
}

/// Extends the lease; false when it is no longer held.
pub async fn extend(db: &Db, lease: &Lease, until: Timestamp) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "UPDATE jobs SET locked_until = $3 \
         WHERE id = $1 AND attempts = $2 AND status = 'running'")
        .bind(&lease.job_id).bind(lease.attempt).bind(until)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Marks the job done in the caller's transaction, so the job's results and its completion
/// commit together; false when the lease is no longer held.
pub async fn complete(tx: &mut Tx, lease: &Lease, now: Timestamp) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE jobs SET status = 'done', locked_until = NULL, updated_at = $3 \
         WHERE id = $1 AND attempts = $2 AND status = 'running'")
        .bind(&lease.job_id).bind(lease.attempt).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Puts the job back in the queue to run again after `run_after`.
pub async fn retry_later(
    db: &Db,
    lease: &Lease,
    run_after: Timestamp,
    error: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "UPDATE jobs SET status = 'queued', run_after = $3, locked_until = NULL, \
                last_error = $4, updated_at = $5 \
         WHERE id = $1 AND attempts = $2 AND status = 'running'")
        .bind(&lease.job_id).bind(lease.attempt).bind(run_after).bind(error).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Fails the job for good, in the caller's transaction (so the job's subject can record the
/// failure with it); false when the lease is no longer held.
pub async fn fail(tx: &mut Tx, lease: &Lease, error: &str, now: Timestamp) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = $3, updated_at = $4 \
         WHERE id = $1 AND attempts = $2 AND status = 'running'")
        .bind(&lease.job_id).bind(lease.attempt).bind(error).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Hands an interrupted job back to the queue at once (the process is shutting down); the
/// interrupted attempt does not count.
pub async fn release(db: &Db, lease: &Lease, now: Timestamp) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "UPDATE jobs SET status = 'queued', attempts = attempts - 1, run_after = $3, \
                locked_until = NULL, updated_at = $3 \
         WHERE id = $1 AND attempts = $2 AND status = 'running'")
        .bind(&lease.job_id).bind(lease.attempt).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

pub async fn find(db: &Db, id: &str) -> sqlx::Result<Option<JobRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, kind, payload, status, attempts, run_after, locked_until, last_error \
         FROM jobs WHERE id = $1")
        .bind(id).fetch_optional(pool).await)
}

/// Removes jobs that finished (done or failed) before `before`.
pub async fn sweep_finished(db: &Db, before: Timestamp) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM jobs WHERE status IN ('done', 'failed') AND updated_at < $1")
        .bind(before).execute(pool).await.map(|r| r.rows_affected()))
}
