//! What a process makes of the events for its open streams (`GET /api/v1/events`). An event
//! that needs loading (a play with who follows the listener, a change of a track's stems with
//! who asked for them) is loaded once for all the streams of the process, only while one is
//! open, with the users it is for; each stream keeps what is for its user.

use std::collections::HashSet;
use std::future::Future;
use std::sync::Arc;

use futures_util::Stream;
use tokio::sync::broadcast::{self, error::RecvError};

use super::{Event, EventBus};
use backbeat_core::ids::UserId;
use backbeat_core::shutdown::Shutdown;

/// Loaded events a slow stream may fall behind by before it misses some.
const CAPACITY: usize = 256;

/// An event as loaded for the streams: what they show, and whose streams show it.
#[derive(Debug)]
pub struct ForUsers<T> {
    pub users: HashSet<UserId>,
    pub item: T,
}

/// What this process loads of one kind of event, handed to each of its open streams.
#[derive(Debug)]
pub struct Loaded<T> {
    loaded: broadcast::Sender<Arc<ForUsers<T>>>,
}

impl<T> Clone for Loaded<T> {
    fn clone(&self) -> Self {
        Self {
            loaded: self.loaded.clone(),
        }
    }
}

impl<T: Clone + Send + Sync + 'static> Loaded<T> {
    /// Loads the events of `events` that `load` takes (it answers how to load those, `None`
    /// for the others) until `shutdown`, one at a time in the order they come. `what` names
    /// them in the logs.
    pub fn start<F, Fut>(events: &EventBus, shutdown: Shutdown, what: &'static str, load: F) -> Self
    where
        F: Fn(Event) -> Option<Fut> + Send + 'static,
        Fut: Future<Output = sqlx::Result<Option<ForUsers<T>>>> + Send + 'static,
    {
        let (loaded, _) = broadcast::channel(CAPACITY);
        let mut events = events.subscribe();
        let sender = loaded.clone();
        tokio::spawn(async move {
            loop {
                let event = tokio::select! {
                    () = shutdown.stopped() => return,
                    event = events.recv() => event,
                };
                let loading = match event {
                    Ok(event) => load(event),
                    Err(RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, what, "live loading fell behind the events");
                        continue;
                    }
                    Err(RecvError::Closed) => return,
                };
                // Nobody watches on this process: nothing to load.
                let Some(loading) = loading.filter(|_| sender.receiver_count() > 0) else {
                    continue;
                };
                match loading.await {
                    Ok(Some(item)) => {
                        let _ = sender.send(Arc::new(item));
                    }
                    Ok(None) => {}
                    Err(err) => tracing::warn!(error = %err, what, "cannot load a live event"),
                }
            }
        });
        Self { loaded }
    }

    /// What is loaded for `user` from now until `shutdown`: one stream's share.
    pub fn follow(
        &self,
        user: UserId,
        shutdown: Shutdown,
    ) -> impl Stream<Item = T> + Send + 'static {
        live(self.loaded.subscribe(), shutdown, move |loaded| {
            loaded.users.contains(&user).then(|| loaded.item.clone())
        })
    }
}

/// What `pick` keeps of the messages `receiver` gets from now until `shutdown`. A stream that
/// falls behind by more than the channel holds skips what it missed.
pub fn live<T, U>(
    receiver: broadcast::Receiver<T>,
    shutdown: Shutdown,
    pick: impl FnMut(T) -> Option<U> + Send + 'static,
) -> impl Stream<Item = U> + Send + 'static
where
    T: Clone + Send + 'static,
    U: Send + 'static,
{
    futures_util::stream::unfold(
        (receiver, shutdown, pick),
        |(mut receiver, shutdown, mut pick)| async move {
            loop {
                let next = tokio::select! {
                    () = shutdown.stopped() => return None,
                    next = receiver.recv() => next,
                };
                match next {
                    Ok(message) => {
                        if let Some(kept) = pick(message) {
                            return Some((kept, (receiver, shutdown, pick)));
                        }
                    }
                    Err(RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "a live event stream fell behind");
                    }
                    Err(RecvError::Closed) => return None,
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use futures_util::StreamExt;

    use super::*;

    #[tokio::test]
    async fn a_live_stream_keeps_what_it_picks_and_ends_with_the_server() {
        let (sender, receiver) = broadcast::channel(8);
        let shutdown = Shutdown::default();
        let mut evens = Box::pin(live(receiver, shutdown.clone(), |n: i32| {
            (n % 2 == 0).then_some(n * 10)
        }));

        for n in 1..=4 {
            sender.send(n).unwrap();
        }

        assert_eq!(evens.next().await, Some(20));
        assert_eq!(evens.next().await, Some(40));
        shutdown.trigger();
        assert_eq!(evens.next().await, None);
    }
}
