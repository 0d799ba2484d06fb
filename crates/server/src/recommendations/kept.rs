//! Each listener's last list of recommendations, kept between their requests (issue 15: the
//! ten queries of a full computation cost about 8 ms at 200k tracks, too much for every visit to
//! home).
//!
//! A kept list is served again only while its [`Stamp`] is unchanged, read afresh on every
//! request: the listener's latest listen and their likes, the catalog's newest track and the
//! neighbours job's progress. So a play, a like or an unlike, a new upload and newly learnt
//! neighbours each give a new list at once, on whichever node answers. Its tracks are read again
//! by id with the rules of a computation (ready, not the listener's, not played by them in the
//! last 30 days) and their current play counts; when one of them no longer passes, the list is
//! computed again. What the stamp does not see (popularity moving with everyone's plays, a track
//! that became ready late) waits at most [`KEPT_FOR`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::store::Stamp;

/// How long a list is served at most without being computed again.
pub const KEPT_FOR: Duration = Duration::from_secs(60);
/// The most listeners whose list is kept; past it, the expired ones go, then all.
const KEPT_LISTENERS: usize = 10_000;

struct Kept {
    stamp: Stamp,
    at: Instant,
    ids: Vec<String>,
}

/// The kept lists of this process, shared by its requests.
#[derive(Clone, Default)]
pub struct KeptLists(Arc<Mutex<HashMap<String, Kept>>>);

impl KeptLists {
    /// The track ids of `user`'s kept list, if it was made under `stamp` less than
    /// [`KEPT_FOR`] ago.
    pub fn get(&self, user: &str, stamp: &Stamp) -> Option<Vec<String>> {
        let lists = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        lists
            .get(user)
            .filter(|kept| kept.stamp == *stamp && kept.at.elapsed() < KEPT_FOR)
            .map(|kept| kept.ids.clone())
    }

    /// Keeps `ids` as `user`'s list, made under `stamp`.
    pub fn put(&self, user: &str, stamp: Stamp, ids: Vec<String>) {
        let mut lists = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if lists.len() >= KEPT_LISTENERS && !lists.contains_key(user) {
            lists.retain(|_, kept| kept.at.elapsed() < KEPT_FOR);
            if lists.len() >= KEPT_LISTENERS {
                lists.clear();
            }
        }
        let at = Instant::now();
        lists.insert(user.to_owned(), Kept { stamp, at, ids });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(last_listen: &str) -> Stamp {
        Stamp {
            last_listen: Some(last_listen.into()),
            likes: 0,
            last_like: None,
            newest: Some("t".into()),
            learnt_listen: String::new(),
            learnt_like: " ".into(),
        }
    }

    #[test]
    fn a_list_is_served_only_under_the_stamp_it_was_made_under() {
        let kept = KeptLists::default();
        assert_eq!(kept.get("ana", &stamp("1")), None);
        kept.put("ana", stamp("1"), vec!["a".into(), "b".into()]);
        assert_eq!(
            kept.get("ana", &stamp("1")),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(kept.get("ana", &stamp("2")), None, "she played since");
        assert_eq!(kept.get("bo", &stamp("1")), None, "another listener");
        kept.put("ana", stamp("2"), vec!["c".into()]);
        assert_eq!(kept.get("ana", &stamp("2")), Some(vec!["c".into()]));
    }

    #[test]
    fn the_kept_lists_stay_within_their_bound() {
        let kept = KeptLists::default();
        for n in 0..KEPT_LISTENERS + 5 {
            kept.put(&n.to_string(), stamp("1"), Vec::new());
        }
        let held = kept.0.lock().unwrap().len();
        assert!(held <= KEPT_LISTENERS, "{held} lists kept");
        assert!(
            kept.get(&(KEPT_LISTENERS + 4).to_string(), &stamp("1"))
                .is_some()
        );
    }
}
