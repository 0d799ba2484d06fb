//! How many live event streams one user holds open on this process: at most a few (a tab or
//! two per device), so that a script opening streams in a loop cannot hold the server's
//! connections and memory. Opening one more closes the user's oldest.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use backbeat_core::ids::UserId;
use tokio::sync::oneshot;

/// A user's open streams, oldest first, each with the sender that closes it.
type UserStreams = VecDeque<(u64, oneshot::Sender<()>)>;

#[derive(Debug, Default)]
struct Open {
    next_id: AtomicU64,
    by_user: Mutex<HashMap<UserId, UserStreams>>,
}

/// The open streams of every user on this process.
#[derive(Clone, Debug)]
pub struct StreamSlots {
    open: Arc<Open>,
    per_user: usize,
}

/// One open stream. It ends when [`Slot::closed`] completes (a newer stream of the same user
/// took its place) or when it is dropped (the client went away), which frees the slot.
#[derive(Debug)]
pub struct Slot {
    open: Arc<Open>,
    user: UserId,
    id: u64,
    closed: oneshot::Receiver<()>,
}

impl StreamSlots {
    pub fn new(per_user: usize) -> Self {
        Self {
            open: Arc::default(),
            per_user: per_user.max(1),
        }
    }

    /// Takes a slot for a new stream of `user`, closing their oldest streams beyond the limit.
    pub fn open(&self, user: &UserId) -> Slot {
        let id = self.open.next_id.fetch_add(1, Ordering::Relaxed);
        let (close, closed) = oneshot::channel();
        let mut by_user = self.open.by_user.lock().expect("stream slots lock");
        let streams = by_user.entry(user.to_owned()).or_default();
        streams.push_back((id, close));
        while streams.len() > self.per_user {
            if let Some((_, oldest)) = streams.pop_front() {
                // The oldest stream may be ending by itself already.
                let _ = oldest.send(());
            }
        }
        Slot {
            open: self.open.clone(),
            user: user.to_owned(),
            id,
            closed,
        }
    }

    /// How many streams `user` holds open here.
    pub fn count(&self, user: &UserId) -> usize {
        self.open
            .by_user
            .lock()
            .expect("stream slots lock")
            .get(user)
            .map_or(0, VecDeque::len)
    }
}

impl Slot {
    /// Completes when a newer stream of the same user took this one's place.
    pub async fn closed(&mut self) {
        // An error means the sender is gone: evicted, or dropped with the slot map entry.
        let _ = (&mut self.closed).await;
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut by_user = self.open.by_user.lock().expect("stream slots lock");
        if let Some(streams) = by_user.get_mut(&self.user) {
            streams.retain(|(id, _)| *id != self.id);
            if streams.is_empty() {
                by_user.remove(&self.user);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stream_beyond_the_limit_closes_the_users_oldest() {
        let slots = StreamSlots::new(2);
        let mut first = slots.open(&UserId::from("ana"));
        let _second = slots.open(&UserId::from("ana"));
        let _other_user = slots.open(&UserId::from("bob"));

        let _third = slots.open(&UserId::from("ana"));

        tokio::time::timeout(std::time::Duration::from_secs(1), first.closed())
            .await
            .expect("the oldest stream is closed");
        assert_eq!(slots.count(&UserId::from("ana")), 2);
        assert_eq!(slots.count(&UserId::from("bob")), 1);
    }

    #[test]
    fn a_dropped_stream_frees_its_slot() {
        let slots = StreamSlots::new(2);
        let first = slots.open(&UserId::from("ana"));
        let _second = slots.open(&UserId::from("ana"));

        drop(first);

        assert_eq!(slots.count(&UserId::from("ana")), 1);
    }
}
