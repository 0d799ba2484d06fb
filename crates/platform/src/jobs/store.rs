//! SQL of the job queue. Writes by a worker name the job and the attempt it holds
//! (`attempts = $n AND status = 'running'`), so a worker whose lease was taken over changes
//! nothing.

use super::Lease;
use backbeat_core::db::{Backend, Db, Timestamp, Tx};
use backbeat_core::{on_db, on_tx};

backbeat_core::text_enum! {
    /// Where a job is: `queued` (due at `run_after`), `running` under a lease, then `done` or
    /// `failed` for good (a failed attempt that may be retried is queued again).
    #[derive(serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum JobStatus {
        Queued = "queued",
        Running = "running",
        Done = "done",
        Failed = "failed",
    }
}

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
    pub status: JobStatus,
    pub attempts: i64,
    pub run_after: Timestamp,
    pub locked_until: Option<Timestamp>,
    /// The node that claimed it last (`BACKBEAT_NODE_ID`); it holds the job while
    /// `locked_until` is ahead.
    pub locked_by: Option<String>,
    pub last_error: Option<String>,
    pub created_at: Timestamp,
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

/// Kinds one claim can name; a lane of more kinds is claimed in several passes.
pub const KINDS_PER_CLAIM: usize = 4;

/// The claim of one due job: the oldest of four kinds (`$3`..`$6`) that is queued and due, or
/// running with its lease run out at `$1`, leased until `$2` to node `$7`. `$lock` follows the
/// inner `SELECT`.
macro_rules! claim_sql {
    ($lock:literal) => {
        concat!(
            "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = $2, \
                    locked_by = $7, updated_at = $1 \
             WHERE id = (SELECT id FROM jobs \
                         WHERE kind IN ($3, $4, $5, $6) \
                           AND ((status = 'queued' AND run_after <= $1) \
                                OR (status = 'running' AND locked_until < $1)) \
                         ORDER BY created_at LIMIT 1",
            $lock,
            ") \
               AND ((status = 'queued' AND run_after <= $1) \
                    OR (status = 'running' AND locked_until < $1)) \
             RETURNING id, kind, payload, attempts"
        )
    };
}

/// Claims for `node` the oldest job of one of `kinds` (at most [`KINDS_PER_CLAIM`], at least
/// one) that is due, or whose worker's lease ran out, until `lease_until`.
///
/// On PostgreSQL the inner `SELECT` locks the row it picks and skips rows other claims have
/// locked (`FOR UPDATE SKIP LOCKED`): claimers on many nodes each take a different job at once
/// instead of queueing on one row. SQLite runs one writer at a time. The outer `WHERE` repeats
/// the condition, so a row that changed hands in between is never taken twice. The kinds fill
/// a fixed list of parameters (the last one repeated).
pub async fn claim(
    db: &Db,
    now: Timestamp,
    lease_until: Timestamp,
    kinds: &[&str],
    node: &str,
) -> sqlx::Result<Option<ClaimedJob>> {
    assert!(
        (1..=KINDS_PER_CLAIM).contains(&kinds.len()),
        "a claim names 1 to {KINDS_PER_CLAIM} kinds"
    );
    let kind = |i: usize| kinds[i.min(kinds.len() - 1)];
    let sql = match db.backend() {
        Backend::Postgres => claim_sql!(" FOR UPDATE SKIP LOCKED"),
        Backend::Sqlite => claim_sql!(""),
    };
    on_db!(db, pool => sqlx::query_as(sql)
        .bind(now).bind(lease_until)
        .bind(kind(0)).bind(kind(1)).bind(kind(2)).bind(kind(3)).bind(node)
        .fetch_optional(pool).await)
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

/// The columns of a [`JobRow`].
macro_rules! job_columns {
    () => {
        "SELECT id, kind, payload, status, attempts, run_after, locked_until, locked_by, \
                last_error, created_at FROM jobs "
    };
}

pub async fn find(db: &Db, id: &str) -> sqlx::Result<Option<JobRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(job_columns!(), "WHERE id = $1"))
        .bind(id).fetch_optional(pool).await)
}

/// The newest `limit` jobs in `status` (of every status when none), for operators.
pub async fn list(db: &Db, status: Option<JobStatus>, limit: i64) -> sqlx::Result<Vec<JobRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(job_columns!(),
        "WHERE ($1 IS NULL OR status = $1) ORDER BY created_at DESC, id DESC LIMIT $2"))
        .bind(status).bind(limit).fetch_all(pool).await)
}

/// Whether the job ended (done or failed) under `lease`: the attempt that ended it.
pub async fn ended_by(db: &Db, lease: &Lease) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM jobs \
         WHERE id = $1 AND attempts = $2 AND status IN ('done', 'failed')")
        .bind(&lease.job_id).bind(lease.attempt).fetch_one(pool).await.map(|n: i64| n == 1))
}

/// Removes jobs that finished (done or failed) before `before`.
pub async fn sweep_finished(db: &Db, before: Timestamp) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM jobs WHERE status IN ('done', 'failed') AND updated_at < $1")
        .bind(before).execute(pool).await.map(|r| r.rows_affected()))
}

#[cfg(test)]
mod tests {
    use super::JobStatus;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_stored_and_said_as_its_word_and_no_other_word_reads() {
        assert_stored_as(&[
            (JobStatus::Queued, "queued"),
            (JobStatus::Running, "running"),
            (JobStatus::Done, "done"),
            (JobStatus::Failed, "failed"),
        ]);
        assert!(read_from_sqlite::<JobStatus>("cancelled").is_err());
    }
}
