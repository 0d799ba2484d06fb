//! The operator's rebuild (`backbeat recommendations rebuild`): every neighbour learnt again
//! from all history in one pass in memory, instead of folding it in batch by batch.
//!
//! It computes what the job would (each listen paired with the listener's [`WINDOW`] listens
//! before it, each like with their listens and likes before it, weights decaying alike) but
//! reads each listen once, per listener in time order, sums the pairs in memory and writes
//! only each track's [`TOP_K`] best neighbours. The job's way costs a query per listener and
//! batch and an upsert per pair and listen, which at millions of plays takes hours; this
//! takes minutes and memory in proportion to the distinct pairs (a 16-byte entry each).
//!
//! The sums are written in transactions of [`WRITE_CHUNK`] rows after a first one that forgets
//! the old neighbours and moves the job's high-water marks to the last row read, so the job
//! folds in only what comes after; while it writes, recommendations fall back on what is
//! written so far. Stopped halfway, it is run again.

use std::collections::HashMap;

use futures_util::TryStreamExt;

use super::neighbours::{Folded, TOP_K, WINDOW, id_bound, paired_with, weight};
use super::neighbours_store::{self as store, Progress};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::on_db;

/// Rows per write transaction.
const WRITE_CHUNK: usize = 20_000;

/// Track ids as small numbers, and back.
#[derive(Default)]
struct Tracks {
    ids: HashMap<String, u32>,
    names: Vec<String>,
}

impl Tracks {
    fn intern(&mut self, id: String) -> u32 {
        if let Some(&n) = self.ids.get(&id) {
            return n;
        }
        let n = self.names.len() as u32;
        self.names.push(id.clone());
        self.ids.insert(id, n);
        n
    }
}

/// The sums: each unordered pair's score (both directions score alike) and each track's
/// weight.
#[derive(Default)]
struct Sums {
    pairs: HashMap<u64, f64>,
    weights: HashMap<u32, f64>,
}

impl Sums {
    /// `track` happened with weight `w` after `before` (each counted once, never itself), as
    /// the job's sums count it.
    fn event(&mut self, track: u32, before: impl IntoIterator<Item = u32>, w: f64) {
        *self.weights.entry(track).or_default() += w;
        for other in paired_with(track, before) {
            let key = (u64::from(track.min(other)) << 32) | u64::from(track.max(other));
            *self.pairs.entry(key).or_default() += w;
        }
    }

    /// Each track's best [`TOP_K`] neighbours, the sums consumed.
    fn best(self, tracks: usize) -> (Neighbours, HashMap<u32, f64>) {
        let mut neighbours: Neighbours = vec![Vec::new(); tracks];
        for (key, score) in self.pairs {
            let (a, b) = ((key >> 32) as u32, key as u32);
            neighbours[a as usize].push((b, score));
            neighbours[b as usize].push((a, score));
        }
        let keep = TOP_K as usize;
        for list in &mut neighbours {
            if list.len() > keep {
                list.select_nth_unstable_by(keep - 1, |x, y| y.1.total_cmp(&x.1));
                list.truncate(keep);
                list.shrink_to_fit();
            }
        }
        (neighbours, self.weights)
    }
}

/// Each track's neighbours with their scores, by track number.
type Neighbours = Vec<Vec<(u32, f64)>>;

/// A like to pair: when, and which track.
type Like = (Timestamp, u32);

/// One listener's likes in (time, track) order, paired as the reading of their listens
/// reaches each one's time.
struct LikesOf {
    likes: Vec<Like>,
    next: usize,
}

impl LikesOf {
    /// Pairs the likes made before `until` (all when `None`) with `recent` (the listener's
    /// listens so far, latest last) and their likes before each.
    fn pair_until(&mut self, until: Option<Timestamp>, recent: &[u32], sums: &mut Sums) {
        while let Some(&(at, track)) = self.likes.get(self.next) {
            if until.is_some_and(|until| at >= until) {
                return;
            }
            let earlier = self.likes[..self.next]
                .iter()
                .rev()
                .filter(|(liked, _)| *liked < at)
                .take(WINDOW as usize)
                .map(|(_, t)| *t);
            let listens = recent.iter().rev().take(WINDOW as usize).copied();
            sums.event(track, listens.chain(earlier), weight(at));
            self.next += 1;
        }
    }
}

/// Forgets every neighbour and learns them all again from the history and likes written
/// before now (plus a second, as the job's `update` command folds).
pub async fn rebuild(db: &Db) -> sqlx::Result<Folded> {
    let horizon = Timestamp::now() + chrono::Duration::seconds(1);
    let mut tracks = Tracks::default();
    let mut sums = Sums::default();
    let mut marks = store::start_marks();

    let like_rows = on_db!(db, pool => sqlx::query_as::<_, (String, String, Timestamp)>(
        "SELECT user_id, track_id, created_at FROM liked_tracks WHERE created_at < $1 \
         ORDER BY user_id, created_at, track_id")
        .bind(horizon).fetch_all(pool).await)?;
    let like_count = like_rows.len() as u64;
    let mut likes: HashMap<String, LikesOf> = HashMap::new();
    for (user, track, at) in like_rows {
        if (at, &user, &track) > (marks.like_at, &marks.like_user, &marks.like_track) {
            (marks.like_at, marks.like_user, marks.like_track) = (at, user.clone(), track.clone());
        }
        let track = tracks.intern(track);
        likes
            .entry(user)
            .or_insert_with(|| LikesOf {
                likes: Vec::new(),
                next: 0,
            })
            .likes
            .push((at, track));
    }

    // Listens per listener in time order; a listener's likes are paired as their time comes.
    let mut listen_count = 0u64;
    let mut user: Option<String> = None;
    let mut recent: Vec<u32> = Vec::new();
    let mut no_likes = LikesOf {
        likes: Vec::new(),
        next: 0,
    };
    on_db!(db, pool => {
        let mut rows = sqlx::query_as::<_, (String, String, String, Timestamp)>(
            "SELECT id, user_id, track_id, listened_at FROM listening_history WHERE id < $1 \
             ORDER BY user_id, listened_at, id")
            .bind(id_bound(horizon)).fetch(pool);
        while let Some((id, listener, track, at)) = rows.try_next().await? {
            listen_count += 1;
            if id > marks.history_id {
                marks.history_id = id;
            }
            if user.as_deref() != Some(listener.as_str()) {
                if let Some(done) = user.take() {
                    let own = likes.get_mut(&done).unwrap_or(&mut no_likes);
                    own.pair_until(None, &recent, &mut sums);
                }
                recent.clear();
                user = Some(listener);
            }
            let own = likes
                .get_mut(user.as_deref().unwrap_or_default())
                .unwrap_or(&mut no_likes);
            own.pair_until(Some(at), &recent, &mut sums);
            let track = tracks.intern(track);
            sums.event(track, recent.iter().rev().take(WINDOW as usize).copied(), weight(at));
            recent.push(track);
        }
        Ok::<(), sqlx::Error>(())
    })?;
    if let Some(done) = user.take() {
        let own = likes.get_mut(&done).unwrap_or(&mut no_likes);
        own.pair_until(None, &recent, &mut sums);
    }
    // Listeners who liked but never listened.
    for own in likes.values_mut() {
        own.pair_until(None, &[], &mut sums);
    }

    let (neighbours, weights) = sums.best(tracks.names.len());
    write(db, &marks, &tracks.names, neighbours, &weights).await?;
    // Every row was replaced: plans over these tables should see the new counts now.
    db.analyze(&["track_neighbours", "track_signal_weights"])
        .await?;
    Ok(Folded {
        listens: listen_count,
        likes: like_count,
        caught_up: true,
    })
}

/// The track numbers in the order of their ids.
fn in_id_order(names: &[String]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_unstable_by(|a, b| names[*a].cmp(&names[*b]));
    order
}

/// The pairs as rows in the order of the table's key (track id, then neighbour id), so that
/// each write extends its indexes where the last one ended instead of landing on pages all
/// over them: on PostgreSQL at 50,000 tracks, inserting the 1.9 million pairs in key order took
/// half the time of the order tracks were first met in (docs/BENCHMARKS.md).
fn rows_in_key_order<'a>(
    names: &'a [String],
    neighbours: &'a mut Neighbours,
) -> impl Iterator<Item = (&'a str, &'a str, f64)> + 'a {
    for list in neighbours.iter_mut() {
        list.sort_unstable_by(|a, b| names[a.0 as usize].cmp(&names[b.0 as usize]));
    }
    let neighbours: &'a Neighbours = neighbours;
    in_id_order(names).into_iter().flat_map(move |track| {
        neighbours[track].iter().map(move |&(neighbour, score)| {
            (
                names[track].as_str(),
                names[neighbour as usize].as_str(),
                score,
            )
        })
    })
}

/// Forgets the old neighbours with the job's marks moved to `marks` in one transaction, then
/// writes the new ones in chunks, in key order.
async fn write(
    db: &Db,
    marks: &Progress,
    names: &[String],
    mut neighbours: Neighbours,
    weights: &HashMap<u32, f64>,
) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    store::forget(&mut tx).await?;
    store::save_progress(&mut tx, marks).await?;
    tx.commit().await?;

    let mut weights: Vec<(&str, f64)> = weights
        .iter()
        .map(|(track, w)| (names[*track as usize].as_str(), *w))
        .collect();
    weights.sort_unstable_by(|a, b| a.0.cmp(b.0));
    for chunk in weights.chunks(WRITE_CHUNK) {
        let mut tx = db.begin().await?;
        store::add_weights(&mut tx, chunk).await?;
        tx.commit().await?;
    }
    let mut rows: Vec<(&str, &str, f64)> = Vec::with_capacity(WRITE_CHUNK);
    let mut pairs = rows_in_key_order(names, &mut neighbours).peekable();
    while pairs.peek().is_some() {
        rows.clear();
        rows.extend(pairs.by_ref().take(WRITE_CHUNK));
        let mut tx = db.begin().await?;
        store::add_pairs(&mut tx, &rows).await?;
        tx.commit().await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_counts_once_per_event_and_never_with_itself() {
        let mut sums = Sums::default();
        sums.event(0, [1, 0, 1], 2.0);
        sums.event(1, [0], 1.0);
        let (best, weights) = sums.best(2);
        assert_eq!(best[0], [(1, 3.0)]);
        assert_eq!(best[1], [(0, 3.0)]);
        assert_eq!(weights[&0], 2.0);
        assert_eq!(weights[&1], 1.0);
    }

    #[test]
    fn each_track_keeps_its_best_neighbours() {
        let mut sums = Sums::default();
        let others = 1..=(TOP_K as u32 + 10);
        for other in others.clone() {
            sums.event(0, [other], f64::from(other));
        }
        let (best, _) = sums.best(*others.end() as usize + 1);
        let mut kept: Vec<u32> = best[0].iter().map(|(n, _)| *n).collect();
        kept.sort_unstable();
        assert_eq!(kept, (11..=TOP_K as u32 + 10).collect::<Vec<_>>());
        assert_eq!(best[5], [(0, 5.0)], "a weak pair is kept on the other side");
    }

    #[test]
    fn the_pairs_are_written_in_the_order_of_the_tables_key() {
        let names: Vec<String> = ["c", "a", "d", "b"].map(String::from).into();
        let mut neighbours: Neighbours = vec![
            vec![(2, 1.0), (1, 2.0), (3, 3.0)],
            vec![(0, 2.0), (3, 4.0)],
            vec![],
            vec![(1, 4.0), (0, 3.0)],
        ];
        let rows: Vec<(&str, &str, f64)> = rows_in_key_order(&names, &mut neighbours).collect();
        assert_eq!(
            rows,
            [
                ("a", "b", 4.0),
                ("a", "c", 2.0),
                ("b", "a", 4.0),
                ("b", "c", 3.0),
                ("c", "a", 2.0),
                ("c", "b", 3.0),
                ("c", "d", 1.0),
            ]
        );
    }
}
