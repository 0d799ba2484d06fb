//! A small map of values kept for a while by this process, shared by its requests: each entry is
//! served for [`KEPT_FOR`] after it was put, and the map holds at most [`KEPT_ENTRIES`] (past it,
//! the expired entries go, then all). What is kept must be safe to lose: the recommendations kept
//! per listener (`recommendations/kept.rs`), the facts kept per search
//! (`catalog/browse/search_facts.rs`) and the access tokens whose signature was checked
//! (`auth/service`) are each computed again when missing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long an entry is served at most after it was put.
pub const KEPT_FOR: Duration = Duration::from_secs(60);
/// The most entries kept at once.
pub const KEPT_ENTRIES: usize = 10_000;

/// Values by key, each for [`KEPT_FOR`] at most, [`KEPT_ENTRIES`] at most.
pub struct Cache<V>(Arc<Mutex<HashMap<String, (Instant, V)>>>);

impl<V> Clone for Cache<V> {
    fn clone(&self) -> Self {
        Self(Arc::clone(&self.0))
    }
}

impl<V> Default for Cache<V> {
    fn default() -> Self {
        Self(Arc::default())
    }
}

impl<V: Clone> Cache<V> {
    fn entries(&self) -> MutexGuard<'_, HashMap<String, (Instant, V)>> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The value put under `key` less than [`KEPT_FOR`] ago.
    pub fn get(&self, key: &str) -> Option<V> {
        self.entries()
            .get(key)
            .filter(|(at, _)| at.elapsed() < KEPT_FOR)
            .map(|(_, value)| value.clone())
    }

    /// Keeps `value` under `key`, from now on.
    pub fn put(&self, key: &str, value: V) {
        let mut entries = self.entries();
        if entries.len() >= KEPT_ENTRIES && !entries.contains_key(key) {
            entries.retain(|_, (at, _)| at.elapsed() < KEPT_FOR);
            if entries.len() >= KEPT_ENTRIES {
                entries.clear();
            }
        }
        entries.insert(key.to_owned(), (Instant::now(), value));
    }

    #[cfg(test)]
    fn held(&self) -> usize {
        self.entries().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_served_by_its_key_and_replaced_by_the_next() {
        let kept = Cache::<u32>::default();
        assert_eq!(kept.get("a"), None);
        kept.put("a", 1);
        assert_eq!(kept.get("a"), Some(1));
        assert_eq!(kept.get("b"), None);
        kept.clone().put("a", 2);
        assert_eq!(kept.get("a"), Some(2), "clones share their entries");
    }

    #[test]
    fn the_entries_stay_within_their_bound_and_the_newest_is_kept() {
        let kept = Cache::<()>::default();
        for n in 0..KEPT_ENTRIES + 5 {
            kept.put(&n.to_string(), ());
        }
        assert!(kept.held() <= KEPT_ENTRIES, "{} entries kept", kept.held());
        assert!(kept.get(&(KEPT_ENTRIES + 4).to_string()).is_some());
    }

    #[test]
    fn an_expired_entry_is_not_served_and_goes_first() {
        let kept = Cache::<u32>::default();
        kept.put("old", 1);
        let long_ago = Instant::now()
            .checked_sub(KEPT_FOR + Duration::from_secs(1))
            .expect("a clock past a minute");
        kept.entries().get_mut("old").unwrap().0 = long_ago;
        assert_eq!(kept.get("old"), None);
        for n in 0..KEPT_ENTRIES {
            kept.put(&n.to_string(), 0);
        }
        assert_eq!(kept.held(), KEPT_ENTRIES, "the expired entry made room");
        assert!(kept.get("0").is_some() && kept.get("1").is_some());
    }
}
