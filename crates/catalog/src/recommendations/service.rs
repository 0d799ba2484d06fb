//! The recommender: for a listener with history, candidates are the stored neighbours
//! ([`super::neighbours`]) of their [`RECENT_LISTENS`] latest listens and [`RECENT_LIKES`] latest
//! likes, and the most played tracks of their main genres and artists; they are ranked by a blend
//! of similarity, taste (genre, artist, album of their [`TASTE_LISTENS`] latest listens and their
//! likes) and popularity ([`scoring`]), never the listener's own uploads nor what they played in
//! the last [`RECENTLY_PLAYED_DAYS`] days. The newest tracks of the catalog fill what is left,
//! those the listener never played first. A listener with no history gets the newest tracks (the
//! cold start). At most two tracks of an artist, unless nothing else can fill the ten.
//!
//! Nothing here waits for the neighbours job: before it has run, the taste, genre and
//! popularity terms and the newest tracks still answer.

use std::collections::{HashMap, HashSet};

use super::kept::KeptLists;
use super::scoring::{self, Blend, Taste};
use super::store::{self, Seed};
use crate::catalog::track::TrackRow;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::Failure;
use backbeat_core::ids::{TrackId, UserId};

/// How many tracks are recommended.
pub const RECOMMENDATIONS: usize = 10;
/// Latest listens recommendations start from: 10, the seeds of the neighbours.
pub const RECENT_LISTENS: usize = 10;
/// Latest likes that seed the neighbours and the taste too.
pub const RECENT_LIKES: i64 = 20;
/// Latest listens the taste (genres, artists, albums) is read from.
pub const TASTE_LISTENS: i64 = 100;
/// Neighbours read per seed.
const NEIGHBOURS_PER_SEED: i64 = 30;
/// The most similar neighbours read as candidates (of up to 30 seeds x [`NEIGHBOURS_PER_SEED`]).
const SIMILAR_CANDIDATES: usize = 200;
/// Main genres and artists whose most played tracks are candidates, and how many of each.
const GENRES: usize = 3;
const PER_GENRE: i64 = 20;
const ARTISTS: usize = 3;
const PER_ARTIST: i64 = 10;
/// What the listener played within this many days is not recommended to them.
pub const RECENTLY_PLAYED_DAYS: i64 = 30;
/// A like weighs this many listens in the seeds and the taste.
const LIKE_WEIGHT: f64 = 1.5;

pub async fn recommend(db: &Db, user: &UserId) -> Result<Vec<TrackRow>, Failure> {
    recommend_with(db, user, &Blend::DEFAULT).await
}

/// [`recommend`], served from `kept` while nothing it is computed from changed (see
/// [`super::kept`]): the kept tracks read again by id, with their current play counts.
pub async fn recommend_kept(
    db: &Db,
    kept: &KeptLists,
    user: &UserId,
) -> Result<Vec<TrackRow>, Failure> {
    let stamp = store::stamp(db, user).await?;
    if let Some(ids) = kept.get(user, &stamp) {
        let since = Timestamp::now() - chrono::Duration::days(RECENTLY_PLAYED_DAYS);
        let mut rows: HashMap<TrackId, TrackRow> = store::candidates(db, user, &ids, since)
            .await?
            .into_iter()
            .map(|track| (track.id.clone(), track))
            .collect();
        let again: Vec<TrackRow> = ids.iter().filter_map(|id| rows.remove(id)).collect();
        if again.len() == ids.len() {
            return Ok(again);
        }
    }
    let tracks = recommend(db, user).await?;
    kept.put(user, stamp, tracks.iter().map(|t| t.id.clone()).collect());
    Ok(tracks)
}

/// [`recommend`] with another blend (`make bench-recs` compares blends).
pub async fn recommend_with(
    db: &Db,
    user: &UserId,
    blend: &Blend,
) -> Result<Vec<TrackRow>, Failure> {
    let listens = store::latest_listens(db, user, TASTE_LISTENS).await?;
    let likes = store::latest_likes(db, user, RECENT_LIKES).await?;
    let mut ranked = if listens.is_empty() && likes.is_empty() {
        Vec::new()
    } else {
        personal(db, user, &listens, &likes, blend).await?
    };
    // Only an empty catalog leaves the panel empty: the newest tracks fill it.
    let mut newest = store::newest(db, user, 2 * RECOMMENDATIONS as i64).await?;
    newest.sort_by_key(|new| new.played);
    ranked.extend(newest.into_iter().map(|new| new.track));
    Ok(scoring::diversify(ranked, RECOMMENDATIONS))
}

/// The ranked candidates for a listener with listens or likes.
async fn personal(
    db: &Db,
    user: &UserId,
    listens: &[Seed],
    likes: &[Seed],
    blend: &Blend,
) -> Result<Vec<TrackRow>, Failure> {
    let weighted = listens
        .iter()
        .map(|seed| (seed, 1.0))
        .chain(likes.iter().map(|seed| (seed, LIKE_WEIGHT)));
    let taste = Taste::of(weighted.map(|(seed, weight)| {
        (
            seed.genre.as_deref(),
            seed.artist.as_str(),
            seed.album.as_deref(),
            weight,
        )
    }));
    // Similarity of each neighbour to the seeds, summed: the co-occurrence score over the
    // seed's norm and the neighbour's (to `blend.norm`).
    let seeds = listens
        .iter()
        .take(RECENT_LISTENS)
        .map(|seed| (seed, 1.0))
        .chain(likes.iter().map(|seed| (seed, LIKE_WEIGHT)));
    let mut weights: HashMap<&str, f64> = HashMap::new();
    let mut order = Vec::new();
    for (seed, weight) in seeds {
        if !weights.contains_key(seed.track_id.as_str()) {
            weights.insert(&seed.track_id, weight);
            order.push(seed.track_id.as_str());
        }
    }
    let mut similarity: HashMap<String, f64> = HashMap::new();
    for n in store::neighbours(db, &order, NEIGHBOURS_PER_SEED).await? {
        let norm = n.track_weight.sqrt() * n.neighbour_weight.powf(blend.norm);
        if norm > 0.0 {
            let weight = weights.get(n.track_id.as_str()).copied().unwrap_or(0.0);
            *similarity.entry(n.neighbour_id).or_default() += weight * n.score / norm;
        }
    }
    let since = Timestamp::now() - chrono::Duration::days(RECENTLY_PLAYED_DAYS);
    // Only the most similar neighbours are read as candidates (reading ~900 by id was one of
    // the request's costliest queries); what ranks lower by similarity rarely beats the genre and
    // artist lists below on taste and popularity (`make bench-recs`: the same HR@10 and
    // NDCG@10 with 200 as with all).
    let mut by_similarity: Vec<(&String, &f64)> = similarity.iter().collect();
    by_similarity.sort_by(|a, b| b.1.total_cmp(a.1).then_with(|| a.0.cmp(b.0)));
    let ids: Vec<TrackId> = by_similarity
        .into_iter()
        .take(SIMILAR_CANDIDATES)
        .map(|(id, _)| TrackId::from(id.as_str()))
        .collect();
    let mut candidates = store::candidates(db, user, &ids, since).await?;
    for genre in taste.top_genres(GENRES) {
        candidates.extend(store::popular_in_genre(db, user, &genre, since, PER_GENRE).await?);
    }
    for artist in taste.top_artists(ARTISTS) {
        candidates.extend(store::popular_of_artist(db, user, &artist, since, PER_ARTIST).await?);
    }
    let mut unique = HashSet::new();
    candidates.retain(|track| unique.insert(track.id.clone()));
    Ok(scoring::rank(candidates, &similarity, &taste, blend))
}
