//! Hot files: the files streamed most recently, kept in memory up to a byte budget, so a range
//! of a playing track is answered with a slice of shared bytes (no open, no read, no copy into
//! a new buffer; on S3, no request). Stored objects are never overwritten, so a key always names the
//! same bytes and nothing here can go stale. The least recently streamed files leave first.
//!
//! A file enters after its first request, loaded in the background; that request, and any
//! other before the load ends, reads the file (or asks the store for its range) as usual.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::Mutex;

use bytes::Bytes;
use futures_util::stream::{BoxStream, StreamExt};

use super::{MediaError, MediaKey};

#[derive(Debug)]
pub struct HotFiles {
    budget: u64,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    files: HashMap<MediaKey, Entry>,
    /// Bytes held by loaded files.
    used: u64,
    /// Advances on every hit: the order of use.
    clock: u64,
}

#[derive(Debug)]
enum Entry {
    Loading,
    Loaded { bytes: Bytes, last_used: u64 },
}

impl HotFiles {
    /// Keeps up to `budget` bytes; a file larger than a quarter of the budget is never kept.
    pub fn new(budget: u64) -> Self {
        Self {
            budget,
            state: Mutex::default(),
        }
    }

    fn max_file(&self) -> u64 {
        self.budget / 4
    }

    /// The whole file, when it is in memory.
    pub fn get(&self, key: &MediaKey) -> Option<Bytes> {
        let mut state = self.state.lock().expect("not poisoned");
        state.clock += 1;
        let now = state.clock;
        match state.files.get_mut(key) {
            Some(Entry::Loaded { bytes, last_used }) => {
                *last_used = now;
                Some(bytes.clone())
            }
            _ => None,
        }
    }

    /// Whether the caller should load the file of `size` bytes now: true once per file that
    /// fits, until [`Self::loaded`] or [`Self::abandon`].
    pub fn claim(&self, key: &MediaKey, size: u64) -> bool {
        if size == 0 || size > self.max_file() {
            return false;
        }
        let mut state = self.state.lock().expect("not poisoned");
        if state.files.contains_key(key) {
            return false;
        }
        state.files.insert(key.clone(), Entry::Loading);
        true
    }

    /// Puts a claimed file in memory, making room by dropping the least recently used.
    pub fn loaded(&self, key: &MediaKey, bytes: Bytes) {
        let size = bytes.len() as u64;
        let mut state = self.state.lock().expect("not poisoned");
        if size > self.max_file() {
            state.files.remove(key);
            return;
        }
        while state.used + size > self.budget {
            let oldest = state
                .files
                .iter()
                .filter_map(|(key, entry)| match entry {
                    Entry::Loaded { last_used, .. } => Some((*last_used, key.clone())),
                    Entry::Loading => None,
                })
                .min_by_key(|(last_used, _)| *last_used);
            let Some((_, oldest)) = oldest else { break };
            if let Some(Entry::Loaded { bytes, .. }) = state.files.remove(&oldest) {
                state.used -= bytes.len() as u64;
            }
        }
        state.clock += 1;
        let last_used = state.clock;
        state.used += size;
        state
            .files
            .insert(key.clone(), Entry::Loaded { bytes, last_used });
    }

    /// Gives up a claim (the file could not be read).
    pub fn abandon(&self, key: &MediaKey) {
        let mut state = self.state.lock().expect("not poisoned");
        if matches!(state.files.get(key), Some(Entry::Loading)) {
            state.files.remove(key);
        }
    }

    /// Bytes held in memory.
    pub fn used(&self) -> u64 {
        self.state.lock().expect("not poisoned").used
    }
}

/// A range of a file held in memory, as a stream of one chunk.
pub(super) fn slice_of(
    bytes: Bytes,
    range: Range<u64>,
) -> Result<BoxStream<'static, Result<Bytes, MediaError>>, MediaError> {
    if range.start > range.end || range.end > bytes.len() as u64 {
        return Err(MediaError::Io(std::io::ErrorKind::UnexpectedEof.into()));
    }
    let chunk = bytes.slice(range.start as usize..range.end as usize);
    Ok(futures_util::stream::iter([Ok(chunk)]).boxed())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> MediaKey {
        MediaKey::parse(&format!("renditions/{name}.mp3")).unwrap()
    }

    fn load(hot: &HotFiles, name: &str, size: usize) {
        assert!(hot.claim(&key(name), size as u64), "{name} not claimed");
        hot.loaded(&key(name), Bytes::from(vec![7; size]));
    }

    #[test]
    fn a_file_is_claimed_once_and_served_once_loaded() {
        let hot = HotFiles::new(400);

        assert!(hot.claim(&key("a"), 100));
        assert!(!hot.claim(&key("a"), 100), "a second load started");
        assert_eq!(hot.get(&key("a")), None);

        hot.loaded(&key("a"), Bytes::from_static(&[1; 100]));

        assert_eq!(hot.get(&key("a")).unwrap().len(), 100);
        assert!(!hot.claim(&key("a"), 100));
        assert_eq!(hot.used(), 100);
    }

    #[test]
    fn the_least_recently_used_files_leave_to_keep_the_budget() {
        let hot = HotFiles::new(400);
        load(&hot, "a", 100);
        load(&hot, "b", 100);
        load(&hot, "c", 100);
        load(&hot, "d", 100);
        hot.get(&key("a"));

        load(&hot, "e", 100);

        assert!(
            hot.get(&key("b")).is_none(),
            "b was the least recently used"
        );
        for kept in ["a", "c", "d", "e"] {
            assert!(hot.get(&key(kept)).is_some(), "{kept} was dropped");
        }
        assert_eq!(hot.used(), 400);
    }

    #[test]
    fn large_and_empty_files_are_never_kept_and_abandoned_claims_can_retry() {
        let hot = HotFiles::new(400);

        assert!(!hot.claim(&key("big"), 101));
        assert!(!hot.claim(&key("empty"), 0));

        assert!(hot.claim(&key("a"), 50));
        hot.abandon(&key("a"));
        assert!(hot.claim(&key("a"), 50));
    }

    #[test]
    fn a_budget_of_zero_keeps_nothing() {
        let hot = HotFiles::new(0);
        assert!(!hot.claim(&key("a"), 1));
        assert_eq!(hot.used(), 0);
    }
}
