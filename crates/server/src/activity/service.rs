//! Friends activity: the 10 latest listens of the people a user follows (never their own: no
//! one follows themselves), and their live delivery.
//!
//! Live delivery: a recorded play travels the [`EventBus`] as a history id. Each process loads
//! it once, with the ids of the listener's followers at that moment, and hands it to its open
//! streams; each stream keeps the plays of people its user follows.

use std::collections::HashSet;
use std::sync::Arc;

use futures_util::Stream;
use tokio::sync::broadcast::{self, error::RecvError};

use super::store::{self, ListenRow};
use crate::db::Db;
use crate::errors::Failure;
use crate::events::{Event, EventBus};
use crate::plans::Plan;
use crate::shutdown::Shutdown;

/// SPEC section 9: "Friends activity: 10".
pub const FRIENDS_ACTIVITY: i64 = 10;
/// Plays a slow stream may fall behind by before it misses some.
const CAPACITY: usize = 256;

/// The latest listens of the people `user` follows, newest first.
pub async fn friends_activity(db: &Db, user: &str) -> Result<Vec<ListenRow>, Failure> {
    Ok(store::listens_of_followed(db, user, FRIENDS_ACTIVITY).await?)
}

/// A play as this process delivers it: the listen, and who follows the listener.
#[derive(Debug)]
struct LivePlay {
    listen: ListenRow,
    followers: HashSet<String>,
}

/// The plays this process delivers to its open `/events` streams.
#[derive(Clone, Debug)]
pub struct LiveActivity {
    plays: broadcast::Sender<Arc<LivePlay>>,
}

impl LiveActivity {
    /// Starts loading the plays announced on `events`, until `shutdown`.
    pub fn start(db: Db, events: &EventBus, shutdown: Shutdown) -> Self {
        let (plays, _) = broadcast::channel(CAPACITY);
        tokio::spawn(load_plays(db, events.subscribe(), plays.clone(), shutdown));
        Self { plays }
    }

    /// The plays of the people `user` follows, from now until `shutdown`.
    pub fn friend_listens(
        &self,
        user: String,
        shutdown: Shutdown,
    ) -> impl Stream<Item = ListenRow> + Send + 'static {
        let plays = self.plays.subscribe();
        futures_util::stream::unfold(
            (plays, user, shutdown),
            |(mut plays, user, shutdown)| async move {
                loop {
                    let next = tokio::select! {
                        () = shutdown.stopped() => return None,
                        next = plays.recv() => next,
                    };
                    match next {
                        Ok(play) if play.followers.contains(&user) => {
                            return Some((play.listen.clone(), (plays, user, shutdown)));
                        }
                        Ok(_) => {}
                        Err(RecvError::Lagged(missed)) => {
                            tracing::warn!(missed, "a live activity stream fell behind");
                        }
                        Err(RecvError::Closed) => return None,
                    }
                }
            },
        )
    }
}

/// The plan changes of `user` announced from now until `shutdown` (a verified payment event
/// changed their plan, on whichever instance received it).
pub fn plan_changes(
    events: &EventBus,
    user: String,
    shutdown: Shutdown,
) -> impl Stream<Item = Plan> + Send + 'static {
    let events = events.subscribe();
    futures_util::stream::unfold(
        (events, user, shutdown),
        |(mut events, user, shutdown)| async move {
            loop {
                let next = tokio::select! {
                    () = shutdown.stopped() => return None,
                    next = events.recv() => next,
                };
                match next {
                    Ok(Event::PlanChanged { user_id, plan }) if user_id == user => {
                        return Some((plan, (events, user, shutdown)));
                    }
                    Ok(_) => {}
                    Err(RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "a live event stream fell behind the events");
                    }
                    Err(RecvError::Closed) => return None,
                }
            }
        },
    )
}

/// Loads each announced play once for all the streams of this process.
async fn load_plays(
    db: Db,
    mut events: broadcast::Receiver<Event>,
    plays: broadcast::Sender<Arc<LivePlay>>,
    shutdown: Shutdown,
) {
    loop {
        let event = tokio::select! {
            () = shutdown.stopped() => return,
            event = events.recv() => event,
        };
        let history_id = match event {
            Ok(Event::Listen { history_id }) => history_id,
            Ok(_) => continue,
            Err(RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "live activity fell behind the events");
                continue;
            }
            Err(RecvError::Closed) => return,
        };
        // Nobody watches on this process: nothing to load.
        if plays.receiver_count() == 0 {
            continue;
        }
        match load_play(&db, &history_id).await {
            Ok(Some(play)) => {
                let _ = plays.send(Arc::new(play));
            }
            Ok(None) => {}
            Err(err) => tracing::warn!(error = %err, "cannot load a play for live activity"),
        }
    }
}

async fn load_play(db: &Db, history_id: &str) -> sqlx::Result<Option<LivePlay>> {
    let Some(listen) = store::listen(db, history_id).await? else {
        return Ok(None);
    };
    let followers = store::follower_ids(db, &listen.listener_id)
        .await?
        .into_iter()
        .collect();
    Ok(Some(LivePlay { listen, followers }))
}
