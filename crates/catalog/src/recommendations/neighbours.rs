//! Item-item neighbours, learnt incrementally by a background job (`update_neighbours`), never
//! on a request.
//!
//! Each new listen pairs its track with the tracks of the listener's [`WINDOW`] listens before
//! it (a co-listen); each new like pairs its track with the liker's latest listens and likes
//! before it (a co-like). A pair adds the event's weight to both directions, and each event
//! adds its weight to its track's total (the norm of the cosine similarity the reader
//! computes). Weights decay with time: an event at `t` weighs 2^((t - 2025-01-01) /
//! [`HALF_LIFE_DAYS`]), so a newer event outweighs an older one and nothing is rewritten as
//! time passes; readers compare scores, never their absolute values. Each touched track keeps
//! its [`TOP_K`] best neighbours.
//!
//! The job folds rows in the order they were written: listens by id (time-ordered UUIDv7),
//! likes by (created_at, user, track), up to [`SETTLE`] before now, so a transaction still
//! committing with an earlier id is not skipped. A high-water mark in
//! `recommendation_progress`, locked by each batch, makes the job safe to run twice at once.
//! Plays and likes enqueue it (once: a queued job covers every later row), delayed by
//! [`DEBOUNCE`] so that it folds many rows per run; housekeeping enqueues it hourly too. The
//! operator's rebuild learns the same sums from all history in one pass (`rebuild.rs`).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use uuid::Uuid;

use super::neighbours_store::{self as store, Signal};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_platform::jobs::{DEFAULT_LANE, JobError, JobHandler, Lease};

/// The kind of the job.
pub const KIND: &str = "update_neighbours";
/// Listens before a new listen (or like) that it is paired with.
pub const WINDOW: i64 = 10;
/// Neighbours kept per track.
pub const TOP_K: i64 = 50;
/// An event's weight halves every this many days, relative to a newer one.
pub const HALF_LIFE_DAYS: f64 = 60.0;
/// Rows that are this recent are left for the next run.
pub const SETTLE: chrono::Duration = chrono::Duration::seconds(5);
/// A play or like's job runs this long after it, folding in everything written meanwhile.
pub const DEBOUNCE: chrono::Duration = chrono::Duration::seconds(30);
/// Listens (and likes) per transaction.
const BATCH: i64 = 2000;
/// A job run stops after this long and queues the rest.
const RUN_BUDGET: Duration = Duration::from_secs(60);
/// 2025-01-01T00:00:00Z: where weights are 1.
const EPOCH_SECONDS: i64 = 1_735_689_600;

/// What a run folded in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Folded {
    pub listens: u64,
    pub likes: u64,
    /// Every row written up to the run's horizon was folded in.
    pub caught_up: bool,
}

/// The weight of an event at `at`.
pub fn weight(at: Timestamp) -> f64 {
    let days = (at.unix_seconds() - EPOCH_SECONDS) as f64 / 86_400.0;
    (days / HALF_LIFE_DAYS).exp2()
}

/// The first listening-history id written at or after `at` would sort after this one: ids are
/// UUIDv7, whose first 12 hex digits are the milliseconds since 1970.
pub(super) fn id_bound(at: Timestamp) -> String {
    let ms = at.as_datetime().timestamp_millis().max(0) as u64;
    format!("{:08x}-{:04x}", ms >> 16, ms & 0xffff)
}

/// Folds in the listens and likes written before `horizon`, batch after batch, for at most
/// `budget` (then `caught_up` is false).
pub async fn fold_new(
    db: &Db,
    horizon: Timestamp,
    budget: Option<Duration>,
) -> sqlx::Result<Folded> {
    let started = Instant::now();
    let mut folded = Folded::default();
    let mut touched = HashSet::new();
    loop {
        let (listens, likes) = fold_batch(db, horizon, &mut touched).await?;
        folded.listens += listens;
        folded.likes += likes;
        if listens == 0 && likes == 0 {
            folded.caught_up = true;
            break;
        }
        if budget.is_some_and(|budget| started.elapsed() > budget) {
            break;
        }
    }
    // Each track the run touched keeps its best neighbours (once per run, not per batch).
    let touched: Vec<String> = touched.into_iter().collect();
    for chunk in touched.chunks(PRUNE_CHUNK) {
        let mut tx = db.begin().await?;
        for track in chunk {
            store::prune(&mut tx, track, TOP_K).await?;
        }
        tx.commit().await?;
    }
    Ok(folded)
}

/// Tracks pruned per transaction.
const PRUNE_CHUNK: usize = 500;

/// Queues the job, in the transaction of the play or like that calls for it, unless one is
/// queued already.
pub async fn enqueue(tx: &mut Tx, now: Timestamp) -> sqlx::Result<()> {
    let id = Uuid::now_v7().to_string();
    store::enqueue_once(tx, &id, KIND, now, now + DEBOUNCE).await
}

/// Queues the job on its own (after a like, and hourly), unless one is queued already.
pub async fn enqueue_soon(db: &Db) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    enqueue(&mut tx, Timestamp::now()).await?;
    tx.commit().await
}

/// Queues the job if listens or likes wait to be folded in (housekeeping, hourly).
pub async fn enqueue_if_behind(db: &Db) -> sqlx::Result<bool> {
    if !store::behind(db).await? {
        return Ok(false);
    }
    enqueue_soon(db).await?;
    Ok(true)
}

/// The tracks an event of `track` pairs with among `before`: each once, never `track` itself
/// (the job's sums and the rebuild's count alike).
pub(super) fn paired_with<T: PartialEq + Copy>(
    track: T,
    before: impl IntoIterator<Item = T>,
) -> Vec<T> {
    let mut paired: Vec<T> = Vec::with_capacity(2 * WINDOW as usize);
    for other in before {
        if other != track && !paired.contains(&other) {
            paired.push(other);
        }
    }
    paired
}

/// Sums of one batch, before they are written.
#[derive(Default)]
struct Sums {
    pairs: HashMap<(String, String), f64>,
    weights: HashMap<String, f64>,
}

impl Sums {
    /// `track` happened with weight `w` after the tracks of `before` (latest first).
    fn event(&mut self, track: &str, before: &[String], w: f64) {
        *self.weights.entry(track.to_owned()).or_default() += w;
        for other in paired_with(track, before.iter().map(String::as_str)) {
            *self
                .pairs
                .entry((track.to_owned(), other.to_owned()))
                .or_default() += w;
            *self
                .pairs
                .entry((other.to_owned(), track.to_owned()))
                .or_default() += w;
        }
    }
}

/// One transaction: up to [`BATCH`] listens and [`BATCH`] likes. Answers how many of each, and
/// adds the tracks that got neighbours to `touched`.
async fn fold_batch(
    db: &Db,
    horizon: Timestamp,
    touched: &mut HashSet<String>,
) -> sqlx::Result<(u64, u64)> {
    let mut tx = db.begin().await?;
    let mut progress = store::lock_progress(&mut tx).await?;
    let listens =
        store::new_listens(&mut tx, &progress.history_id, &id_bound(horizon), BATCH).await?;
    let likes = store::new_likes(&mut tx, &progress, horizon, BATCH).await?;
    if listens.is_empty() && likes.is_empty() {
        return Ok((0, 0));
    }
    let mut sums = Sums::default();
    fold_listens(&mut tx, &listens, &mut sums).await?;
    for like in &likes {
        let mut before =
            store::listens_before(&mut tx, &like.user_id, like.at, "~", WINDOW).await?;
        before.extend(store::likes_before(&mut tx, &like.user_id, like.at, WINDOW).await?);
        sums.event(&like.track_id, &before, weight(like.at));
    }
    let pairs: Vec<(&str, &str, f64)> = sums
        .pairs
        .iter()
        .map(|((track, neighbour), score)| (track.as_str(), neighbour.as_str(), *score))
        .collect();
    store::add_pairs(&mut tx, &pairs).await?;
    let weights: Vec<(&str, f64)> = sums
        .weights
        .iter()
        .map(|(track, weight)| (track.as_str(), *weight))
        .collect();
    store::add_weights(&mut tx, &weights).await?;
    touched.extend(pairs.iter().map(|(track, _, _)| (*track).to_owned()));
    if let Some(last) = listens.last() {
        progress.history_id = last.id.clone();
    }
    if let Some(last) = likes.last() {
        progress.like_at = last.at;
        progress.like_user = last.user_id.to_string();
        progress.like_track = last.track_id.clone();
    }
    store::save_progress(&mut tx, &progress).await?;
    tx.commit().await?;
    Ok((listens.len() as u64, likes.len() as u64))
}

/// Pairs each listen with the listener's [`WINDOW`] listens before it: those of the batch, and
/// before the batch's first, those stored.
async fn fold_listens(tx: &mut Tx, listens: &[Signal], sums: &mut Sums) -> sqlx::Result<()> {
    let mut by_user: HashMap<&UserId, Vec<&Signal>> = HashMap::new();
    for listen in listens {
        by_user.entry(&listen.user_id).or_default().push(listen);
    }
    for (user, mut own) in by_user {
        own.sort_by(|a, b| (a.at, &a.id).cmp(&(b.at, &b.id)));
        let first = own[0];
        // Oldest first, then the batch's in time order.
        let mut sequence = store::listens_before(tx, user, first.at, &first.id, WINDOW).await?;
        sequence.reverse();
        for listen in own {
            let start = sequence.len().saturating_sub(WINDOW as usize);
            let mut before: Vec<String> = sequence[start..].to_vec();
            before.reverse();
            sums.event(&listen.track_id, &before, weight(listen.at));
            sequence.push(listen.track_id.clone());
        }
    }
    Ok(())
}

/// Runs the job: folds in what was written, for at most a minute, then queues itself again if
/// more is left.
#[derive(Clone, Debug)]
pub struct UpdateNeighbours {
    pub db: Db,
}

impl JobHandler for UpdateNeighbours {
    fn kind(&self) -> &'static str {
        KIND
    }

    fn lane(&self) -> &'static str {
        DEFAULT_LANE
    }

    fn run<'a>(
        &'a self,
        _payload: &'a str,
        _lease: &'a Lease,
    ) -> BoxFuture<'a, Result<(), JobError>> {
        Box::pin(async move {
            let now = Timestamp::now();
            let folded = fold_new(&self.db, now - SETTLE, Some(RUN_BUDGET))
                .await
                .map_err(JobError::retryable)?;
            tracing::debug!(
                listens = folded.listens,
                likes = folded.likes,
                "neighbours updated"
            );
            if !folded.caught_up {
                let mut tx = self.db.begin().await.map_err(JobError::retryable)?;
                let id = Uuid::now_v7().to_string();
                store::enqueue_once(&mut tx, &id, KIND, now, now)
                    .await
                    .map_err(JobError::retryable)?;
                tx.commit().await.map_err(JobError::retryable)?;
            }
            Ok(())
        })
    }

    fn give_up<'a>(
        &'a self,
        _tx: &'a mut Tx,
        _payload: &'a str,
        _cause: &'a anyhow::Error,
    ) -> BoxFuture<'a, sqlx::Result<()>> {
        // The next run folds in the same rows: nothing to record elsewhere.
        Box::pin(async { Ok(()) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_event_weighs_more_and_halves_per_half_life() {
        let now = Timestamp::now();
        let older = now - chrono::Duration::days(HALF_LIFE_DAYS as i64);
        assert!((weight(now) / weight(older) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn the_id_bound_sorts_between_ids_of_before_and_after() {
        let at = Timestamp::now();
        let before = Uuid::now_v7().to_string();
        std::thread::sleep(Duration::from_millis(5));
        let bound = id_bound(Timestamp::now());
        std::thread::sleep(Duration::from_millis(5));
        let after = Uuid::now_v7().to_string();
        assert!(before < bound && bound < after, "{before} {bound} {after}");
        assert!(id_bound(at) <= bound);
    }

    #[test]
    fn a_pair_counts_both_ways_once_per_event_and_never_with_itself() {
        let mut sums = Sums::default();
        let before = vec!["b".to_owned(), "a".to_owned(), "b".to_owned()];
        sums.event("a", &before, 2.0);
        assert_eq!(sums.pairs.len(), 2);
        assert_eq!(sums.pairs[&("a".to_owned(), "b".to_owned())], 2.0);
        assert_eq!(sums.pairs[&("b".to_owned(), "a".to_owned())], 2.0);
        assert_eq!(sums.weights["a"], 2.0);
    }
}
