//! The first recommender (issue 5, item 7): tracks played or liked by the people who played
//! what I played last, minus my own uploads and what I already played, the most such people
//! first; then popular tracks in the genres I play; then the newest tracks of the catalog.
//! Each source tops up what the one before left free; my own uploads never appear.

use std::collections::HashSet;

use super::store;
use crate::catalog::track::TrackRow;
use crate::db::Db;
use crate::errors::Failure;

/// How many tracks are recommended.
pub const RECOMMENDATIONS: usize = 10;
/// SPEC section 9: "Recent listens for recommendations: 10".
const RECENT_LISTENS: i64 = 10;

pub async fn recommend(db: &Db, user: &str) -> Result<Vec<TrackRow>, Failure> {
    // Each source may repeat every track already chosen, so it is asked for enough to fill
    // the list all the same.
    let ask = (2 * RECOMMENDATIONS) as i64;
    let mut chosen = store::liked_by_similar_listeners(db, user, RECENT_LISTENS, ask).await?;
    chosen.truncate(RECOMMENDATIONS);
    if chosen.len() < RECOMMENDATIONS {
        let popular = store::popular_in_played_genres(db, user, ask).await?;
        top_up(&mut chosen, popular);
    }
    if chosen.len() < RECOMMENDATIONS {
        let newest = store::newest(db, user, ask).await?;
        top_up(&mut chosen, newest);
    }
    Ok(chosen)
}

/// Appends the tracks of `more` not chosen yet, in order, until the list is full.
pub fn top_up(chosen: &mut Vec<TrackRow>, more: Vec<TrackRow>) {
    let mut seen: HashSet<String> = chosen.iter().map(|t| t.id.clone()).collect();
    for track in more {
        if chosen.len() >= RECOMMENDATIONS {
            break;
        }
        if seen.insert(track.id.clone()) {
            chosen.push(track);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Timestamp;

    fn track(id: &str) -> TrackRow {
        TrackRow {
            id: id.to_owned(),
            uploaded_by: "someone".into(),
            title: id.to_owned(),
            artist: "Artist".into(),
            album: None,
            genre: None,
            duration_secs: 180,
            plays: 0,
            verified: false,
            status: "ready".into(),
            failure_reason: None,
            cover_key: None,
            cover_large_key: None,
            created_at: Timestamp::now(),
        }
    }

    fn ids(tracks: &[TrackRow]) -> Vec<&str> {
        tracks.iter().map(|t| t.id.as_str()).collect()
    }

    #[test]
    fn a_fallback_adds_only_tracks_not_chosen_yet_in_its_order() {
        let mut chosen = vec![track("a"), track("b")];

        top_up(
            &mut chosen,
            vec![track("b"), track("c"), track("a"), track("d")],
        );

        assert_eq!(ids(&chosen), ["a", "b", "c", "d"]);
    }

    #[test]
    fn a_fallback_stops_at_ten() {
        let mut chosen: Vec<TrackRow> = (0..8).map(|i| track(&format!("t{i}"))).collect();

        top_up(
            &mut chosen,
            (0..20).map(|i| track(&format!("u{i}"))).collect(),
        );

        assert_eq!(chosen.len(), RECOMMENDATIONS);
        assert_eq!(ids(&chosen[8..]), ["u0", "u1"]);
    }
}
