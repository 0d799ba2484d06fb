//! The SQL of AutoMix: a track's stems row (`track_stems`), written by the request that starts
//! a separation and by the job of that run only (every job write names its `run_id`), the
//! separations each user started (`stem_requests`), and who asked for a track's stems
//! (`stem_watchers`: whose event streams hear how a separation goes).

use super::status::StemStatus;
use crate::catalog::track::{TrackStatus, visible_to};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::{on_db, on_tx};

/// A track the viewer may see, with its stems row if it has one.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackStems {
    pub track_id: TrackId,
    pub duration_secs: i64,
    /// The track's own status.
    pub track_status: TrackStatus,
    /// `loading`, `ready` or `error`; `None` when the track has no stems row.
    pub status: Option<StemStatus>,
    pub progress: Option<i64>,
    pub error: Option<String>,
}

impl TrackStems {
    /// Where the stems are: `none` without a stems row.
    pub fn stem_status(&self) -> StemStatus {
        self.status.unwrap_or(StemStatus::None)
    }
}

const VISIBLE_STEMS: &str = concat!(
    "SELECT t.id AS track_id, t.duration_secs, t.status AS track_status, s.status, s.progress, s.error \
     FROM tracks t LEFT JOIN track_stems s ON s.track_id = t.id \
     WHERE t.id = $1 AND ",
    visible_to!("$2")
);

/// The track and its stems, if `viewer` may see the track.
pub async fn visible_stems(
    db: &Db,
    track_id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackStems>> {
    on_db!(db, pool => sqlx::query_as(VISIBLE_STEMS)
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
}

/// [`visible_stems`] inside the transaction that starts a separation.
pub async fn visible_stems_in(
    tx: &mut Tx,
    track_id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackStems>> {
    on_tx!(tx, conn => sqlx::query_as(VISIBLE_STEMS)
        .bind(track_id).bind(viewer).fetch_optional(conn).await)
}

/// The separations `user` started at or after `since`.
pub async fn count_started_since(
    tx: &mut Tx,
    user: &UserId,
    since: Timestamp,
) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM stem_requests WHERE user_id = $1 AND created_at >= $2")
        .bind(user).bind(since).fetch_one(conn).await)
}

/// A separation about to start: the new run of a track's stems.
pub struct NewRun<'a> {
    pub track_id: &'a str,
    pub run_id: &'a str,
    pub requested_by: &'a str,
    pub now: Timestamp,
}

/// Makes the track's stems `loading` for `run`: a new row, or the row of a run that ended in
/// `error`. False when another request's run holds the row (loading or ready).
pub async fn begin_run(tx: &mut Tx, run: &NewRun<'_>) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO track_stems \
            (track_id, status, progress, error, run_id, requested_by, created_at, updated_at) \
         VALUES ($1, 'loading', 0, NULL, $2, $3, $4, $4) \
         ON CONFLICT (track_id) DO UPDATE SET status = 'loading', progress = 0, error = NULL, \
            run_id = excluded.run_id, requested_by = excluded.requested_by, \
            created_at = excluded.created_at, updated_at = excluded.updated_at \
         WHERE track_stems.status = 'error'")
        .bind(run.track_id).bind(run.run_id).bind(run.requested_by).bind(run.now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Counts a started separation against its user's limit.
pub async fn insert_request(tx: &mut Tx, id: &str, run: &NewRun<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stem_requests (id, user_id, track_id, created_at) VALUES ($1, $2, $3, $4)")
        .bind(id).bind(run.requested_by).bind(run.track_id).bind(run.now)
        .execute(conn).await.map(drop))
}

/// Whether `run` is the track's current run and still loading: the job has work to do.
pub async fn is_loading(db: &Db, track_id: &TrackId, run_id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM track_stems \
         WHERE track_id = $1 AND run_id = $2 AND status = 'loading'")
        .bind(track_id).bind(run_id).fetch_one(pool).await.map(|n: i64| n == 1))
}

/// Raises the progress of a loading run (never lowers it); false when nothing changed.
pub async fn set_progress(
    db: &Db,
    track_id: &TrackId,
    run_id: &str,
    percent: i64,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "UPDATE track_stems SET progress = $3, updated_at = $4 \
         WHERE track_id = $1 AND run_id = $2 AND status = 'loading' AND progress < $3")
        .bind(track_id).bind(run_id).bind(percent).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Marks the run ready, in the transaction that records its files; false when the row no
/// longer belongs to the loading run.
pub async fn mark_ready(
    tx: &mut Tx,
    track_id: &TrackId,
    run_id: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE track_stems SET status = 'ready', progress = 100, error = NULL, updated_at = $3 \
         WHERE track_id = $1 AND run_id = $2 AND status = 'loading'")
        .bind(track_id).bind(run_id).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Whether `run` ended in `error` (the job's failure was recorded on its row).
pub async fn has_failed(db: &Db, track_id: &TrackId, run_id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM track_stems \
         WHERE track_id = $1 AND run_id = $2 AND status = 'error'")
        .bind(track_id).bind(run_id).fetch_one(pool).await.map(|n: i64| n == 1))
}

/// Marks the run failed with `message`, in the transaction that fails its job.
pub async fn mark_error(
    tx: &mut Tx,
    track_id: &TrackId,
    run_id: &str,
    message: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE track_stems SET status = 'error', error = $3, updated_at = $4 \
         WHERE track_id = $1 AND run_id = $2 AND status = 'loading'")
        .bind(track_id).bind(run_id).bind(message).bind(now)
        .execute(conn).await.map(drop))
}

/// Records that `viewer` asked for the stems of a track they may see (nothing otherwise), so
/// that their event streams hear how its separations go.
pub async fn watch(
    db: &Db,
    track_id: &TrackId,
    viewer: &UserId,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(concat!(
        "INSERT INTO stem_watchers (track_id, user_id, watched_at) \
         SELECT t.id, $2, $3 FROM tracks t WHERE t.id = $1 AND ", visible_to!("$2"), " \
         ON CONFLICT (track_id, user_id) DO UPDATE SET watched_at = excluded.watched_at"))
        .bind(track_id).bind(viewer).bind(now).execute(pool).await.map(drop))
}

/// The users who asked for the stems of `track_id`.
pub async fn watcher_ids(db: &Db, track_id: &TrackId) -> sqlx::Result<Vec<UserId>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT user_id FROM stem_watchers WHERE track_id = $1")
        .bind(track_id).fetch_all(pool).await)
}

/// Forgets who asked, before `before`, for stems that are no longer loading; answers how many
/// rows went.
pub async fn sweep_watchers(db: &Db, before: Timestamp) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM stem_watchers WHERE watched_at < $1 AND NOT EXISTS (\
            SELECT 1 FROM track_stems s \
            WHERE s.track_id = stem_watchers.track_id AND s.status = 'loading')")
        .bind(before).execute(pool).await.map(|r| r.rows_affected()))
}
