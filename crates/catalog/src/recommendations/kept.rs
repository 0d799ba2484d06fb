//! Each listener's last list of recommendations, kept between their requests (the ten queries of a
//! full computation cost about 8 ms at 200k tracks, too much for every visit to home).
//!
//! A kept list is served again only while its [`Stamp`] is unchanged, read afresh on every
//! request: the listener's latest listen and their likes, the catalog's newest track and the
//! neighbours job's progress. So a play, a like or an unlike, a new upload and newly learnt
//! neighbours each give a new list at once, on whichever node answers. Its tracks are read again
//! by id with the rules of a computation (ready, not the listener's, not played by them in the
//! last 30 days) and their current play counts; when one of them no longer passes, the list is
//! computed again. What the stamp does not see (popularity moving with everyone's plays, a track
//! that became ready late) waits at most [`KEPT_FOR`](backbeat_core::cache::KEPT_FOR).

use backbeat_core::cache::Cache;

use super::store::Stamp;
use backbeat_core::ids::{TrackId, UserId};

/// The kept lists of this process, shared by its requests: each listener's track ids with the
/// stamp they were made under.
#[derive(Clone, Default)]
pub struct KeptLists(Cache<(Stamp, Vec<TrackId>)>);

impl KeptLists {
    /// The track ids of `user`'s kept list, if it was made under `stamp` less than
    /// [`KEPT_FOR`](backbeat_core::cache::KEPT_FOR) ago.
    pub fn get(&self, user: &UserId, stamp: &Stamp) -> Option<Vec<TrackId>> {
        self.0
            .get(user)
            .filter(|(made_under, _)| made_under == stamp)
            .map(|(_, ids)| ids)
    }

    /// Keeps `ids` as `user`'s list, made under `stamp`.
    pub fn put(&self, user: &UserId, stamp: Stamp, ids: Vec<TrackId>) {
        self.0.put(user, (stamp, ids));
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
        assert_eq!(kept.get(&UserId::from("ana"), &stamp("1")), None);
        kept.put(
            &UserId::from("ana"),
            stamp("1"),
            vec!["a".into(), "b".into()],
        );
        assert_eq!(
            kept.get(&UserId::from("ana"), &stamp("1")),
            Some(vec!["a".into(), "b".into()])
        );
        assert_eq!(
            kept.get(&UserId::from("ana"), &stamp("2")),
            None,
            "she played since"
        );
        assert_eq!(
            kept.get(&UserId::from("bo"), &stamp("1")),
            None,
            "another listener"
        );
        kept.put(&UserId::from("ana"), stamp("2"), vec!["c".into()]);
        assert_eq!(
            kept.get(&UserId::from("ana"), &stamp("2")),
            Some(vec!["c".into()])
        );
    }
}
