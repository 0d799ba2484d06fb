//! SQL of the neighbours job: what it has not folded in yet, the listens and likes around each
//! new one, and the sums it keeps. Every statement is bounded by an index.

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// How far the job got (the single `recommendation_progress` row).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Progress {
    pub history_id: String,
    pub like_at: Timestamp,
    pub like_user: String,
    pub like_track: String,
}

/// One listen or like to fold in.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Signal {
    pub id: String,
    pub user_id: UserId,
    pub track_id: String,
    pub at: Timestamp,
}

/// Locks the progress row for this transaction (PostgreSQL; SQLite's write lock is already
/// held) and reads it, so two runs of the job never fold the same rows.
pub async fn lock_progress(tx: &mut Tx) -> sqlx::Result<Progress> {
    on_tx!(tx, conn => sqlx::query("UPDATE recommendation_progress SET id = 1 WHERE id = 1")
        .execute(&mut *conn).await.map(drop))?;
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT history_id, like_at, like_user, like_track FROM recommendation_progress \
         WHERE id = 1").fetch_one(conn).await)
}

pub async fn save_progress(tx: &mut Tx, progress: &Progress) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE recommendation_progress SET history_id = $1, like_at = $2, like_user = $3, \
                like_track = $4 WHERE id = 1")
        .bind(&progress.history_id).bind(progress.like_at).bind(&progress.like_user)
        .bind(&progress.like_track).execute(conn).await.map(drop))
}

/// Listens after the id `after` and before the id `before`, in id order.
pub async fn new_listens(
    tx: &mut Tx,
    after: &str,
    before: &str,
    limit: i64,
) -> sqlx::Result<Vec<Signal>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT id, user_id, track_id, listened_at AS at FROM listening_history \
         WHERE id > $1 AND id < $2 ORDER BY id LIMIT $3")
        .bind(after).bind(before).bind(limit).fetch_all(conn).await)
}

/// Likes after `progress`'s in (created_at, user_id, track_id) order, made before `before`.
pub async fn new_likes(
    tx: &mut Tx,
    progress: &Progress,
    before: Timestamp,
    limit: i64,
) -> sqlx::Result<Vec<Signal>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT user_id || ' ' || track_id AS id, user_id, track_id, created_at AS at \
         FROM liked_tracks \
         WHERE (created_at, user_id, track_id) > ($1, $2, $3) AND created_at < $4 \
         ORDER BY created_at, user_id, track_id LIMIT $5")
        .bind(progress.like_at).bind(&progress.like_user).bind(&progress.like_track)
        .bind(before).bind(limit).fetch_all(conn).await)
}

/// The tracks of the user's `limit` listens before the listen (`at`, `id`), latest first.
pub async fn listens_before(
    tx: &mut Tx,
    user: &UserId,
    at: Timestamp,
    id: &str,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT track_id FROM listening_history \
         WHERE user_id = $1 AND (listened_at < $2 OR (listened_at = $2 AND id < $3)) \
         ORDER BY listened_at DESC, id DESC LIMIT $4")
        .bind(user).bind(at).bind(id).bind(limit).fetch_all(conn).await)
}

/// The tracks of the user's `limit` likes before `at`, latest first.
pub async fn likes_before(
    tx: &mut Tx,
    user: &UserId,
    at: Timestamp,
    limit: i64,
) -> sqlx::Result<Vec<String>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT track_id FROM liked_tracks WHERE user_id = $1 AND created_at < $2 \
         ORDER BY created_at DESC LIMIT $3")
        .bind(user).bind(at).bind(limit).fetch_all(conn).await)
}

/// SQLite: rows per multi-row insert (three or two parameters each).
const CHUNK: usize = 300;

/// What adding to a pair that is there already does: the scores add up.
macro_rules! pair_sums {
    () => {
        " ON CONFLICT (track_id, neighbour_id) \
         DO UPDATE SET score = track_neighbours.score + excluded.score"
    };
}

/// What adding to a track's weight that is there already does: the weights add up.
macro_rules! weight_sums {
    () => {
        " ON CONFLICT (track_id) \
         DO UPDATE SET weight = track_signal_weights.weight + excluded.weight"
    };
}

/// Adds `score` to each (track, neighbour) pair; `pairs` holds each pair once. PostgreSQL gets
/// them in one statement of three arrays: a multi-row insert of 300 rows (900 parameters) per
/// statement spent more time being sent and bound than inserting.
pub async fn add_pairs(tx: &mut Tx, pairs: &[(&str, &str, f64)]) -> sqlx::Result<()> {
    match tx {
        Tx::Postgres(conn) => {
            let tracks: Vec<&str> = pairs.iter().map(|pair| pair.0).collect();
            let neighbours: Vec<&str> = pairs.iter().map(|pair| pair.1).collect();
            let scores: Vec<f64> = pairs.iter().map(|pair| pair.2).collect();
            sqlx::query(concat!(
                "INSERT INTO track_neighbours (track_id, neighbour_id, score) \
                 SELECT * FROM UNNEST($1::TEXT[], $2::TEXT[], $3::FLOAT8[])",
                pair_sums!()
            ))
            .bind(&tracks)
            .bind(&neighbours)
            .bind(&scores)
            .execute(&mut **conn)
            .await
            .map(drop)
        }
        Tx::Sqlite(conn) => {
            for chunk in pairs.chunks(CHUNK) {
                let mut query = sqlx::QueryBuilder::new(
                    "INSERT INTO track_neighbours (track_id, neighbour_id, score) ",
                );
                query.push_values(chunk, |mut row, (track, neighbour, score)| {
                    row.push_bind(*track)
                        .push_bind(*neighbour)
                        .push_bind(*score);
                });
                query.push(pair_sums!());
                query.build().execute(&mut **conn).await?;
            }
            Ok(())
        }
    }
}

/// Adds `weight` to each track's weight; `weights` holds each track once. PostgreSQL: one
/// statement of two arrays, as [`add_pairs`].
pub async fn add_weights(tx: &mut Tx, weights: &[(&str, f64)]) -> sqlx::Result<()> {
    match tx {
        Tx::Postgres(conn) => {
            let tracks: Vec<&str> = weights.iter().map(|weight| weight.0).collect();
            let amounts: Vec<f64> = weights.iter().map(|weight| weight.1).collect();
            sqlx::query(concat!(
                "INSERT INTO track_signal_weights (track_id, weight) \
                 SELECT * FROM UNNEST($1::TEXT[], $2::FLOAT8[])",
                weight_sums!()
            ))
            .bind(&tracks)
            .bind(&amounts)
            .execute(&mut **conn)
            .await
            .map(drop)
        }
        Tx::Sqlite(conn) => {
            for chunk in weights.chunks(CHUNK) {
                let mut query =
                    sqlx::QueryBuilder::new("INSERT INTO track_signal_weights (track_id, weight) ");
                query.push_values(chunk, |mut row, (track, weight)| {
                    row.push_bind(*track).push_bind(*weight);
                });
                query.push(weight_sums!());
                query.build().execute(&mut **conn).await?;
            }
            Ok(())
        }
    }
}

/// Keeps only the track's `keep` best neighbours.
pub async fn prune(tx: &mut Tx, track: &str, keep: i64) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM track_neighbours WHERE track_id = $1 AND neighbour_id NOT IN ( \
             SELECT neighbour_id FROM track_neighbours WHERE track_id = $1 \
             ORDER BY score DESC LIMIT $2)")
        .bind(track).bind(keep).execute(conn).await.map(drop))
}

/// Forgets every neighbour and weight (the rebuild's first step).
pub async fn forget(tx: &mut Tx) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM track_neighbours")
        .execute(&mut *conn).await.map(drop))?;
    on_tx!(tx, conn => sqlx::query("DELETE FROM track_signal_weights")
        .execute(&mut *conn).await.map(drop))
}

/// The job's marks before any row: every listen and like is after them.
pub fn start_marks() -> Progress {
    Progress {
        history_id: String::new(),
        like_at: Timestamp::from(chrono::DateTime::UNIX_EPOCH),
        like_user: String::new(),
        like_track: String::new(),
    }
}

/// Queues the job unless one is queued already (it will see this work too).
pub async fn enqueue_once(
    tx: &mut Tx,
    id: &str,
    kind: &str,
    now: Timestamp,
    run_after: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO jobs (id, kind, payload, status, attempts, run_after, created_at, updated_at) \
         SELECT $1, $2, '{}', 'queued', 0, $4, $3, $3 \
         WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE status = 'queued' AND kind = $2)")
        .bind(id).bind(kind).bind(now).bind(run_after).execute(conn).await.map(drop))
}

/// How many neighbours are stored, for the command line.
pub async fn neighbour_rows(db: &Db) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM track_neighbours")
        .fetch_one(pool).await)
}

/// Whether a listen or like was written after the job's high-water marks.
pub async fn behind(db: &Db) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM recommendation_progress p, listening_history h \
                        WHERE h.id > p.history_id) \
             OR EXISTS (SELECT 1 FROM recommendation_progress p, liked_tracks l \
                        WHERE (l.created_at, l.user_id, l.track_id) \
                              > (p.like_at, p.like_user, p.like_track))")
        .fetch_one(pool).await)
}
