//! Friends activity: the 10 latest listens of the people a user follows (never their own: no
//! one follows themselves), and their live delivery.
//!
//! Live delivery: a recorded play travels the [`EventBus`] as a history id. Each process loads
//! it once, with the ids of the listener's followers at that moment, and hands it to its open
//! streams; each stream keeps the plays of people its user follows.

use futures_util::Stream;

use super::store::{self, ListenRow};
use backbeat_core::db::Db;
use backbeat_core::errors::Failure;
use backbeat_core::ids::{HistoryId, UserId};
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::events::{self, Event, EventBus, ForUsers, Loaded};
use backbeat_platform::plans::Plan;

/// Friends activity shows the 10 latest listens.
pub const FRIENDS_ACTIVITY: i64 = 10;

/// The latest listens of the people `user` follows, newest first.
pub async fn friends_activity(db: &Db, user: &UserId) -> Result<Vec<ListenRow>, Failure> {
    Ok(store::listens_of_followed(db, user, FRIENDS_ACTIVITY).await?)
}

/// The latest listens of `user` and of the people they follow, newest first: their own latest
/// and friends activity's.
pub async fn own_and_friends_activity(db: &Db, user: &UserId) -> Result<Vec<ListenRow>, Failure> {
    let mut listens = friends_activity(db, user).await?;
    if let Some(own) = store::latest_listen_of(db, user).await? {
        listens.push(own);
        listens.sort_by_key(|listen| std::cmp::Reverse(listen.listened_at));
    }
    Ok(listens)
}

/// The plays this process delivers to its open `/events` streams.
#[derive(Clone, Debug)]
pub struct LiveActivity {
    plays: Loaded<ListenRow>,
}

impl LiveActivity {
    /// Starts loading the plays announced on `events`, until `shutdown`.
    pub fn start(db: Db, events: &EventBus, shutdown: Shutdown) -> Self {
        let plays = Loaded::start(events, shutdown, "plays", move |event| match event {
            Event::Listen { history_id } => {
                let db = db.clone();
                Some(async move { load_play(&db, &history_id).await })
            }
            _ => None,
        });
        Self { plays }
    }

    /// The plays of the people `user` follows, from now until `shutdown`.
    pub fn friend_listens(
        &self,
        user: UserId,
        shutdown: Shutdown,
    ) -> impl Stream<Item = ListenRow> + Send + 'static {
        self.plays.follow(user, shutdown)
    }
}

/// The plan changes of `user` announced from now until `shutdown` (a verified payment event
/// changed their plan, on whichever instance received it).
pub fn plan_changes(
    events: &EventBus,
    user: UserId,
    shutdown: Shutdown,
) -> impl Stream<Item = Plan> + Send + 'static {
    events::live(events.subscribe(), shutdown, move |event| match event {
        Event::PlanChanged { user_id, plan } if user_id == user => Some(plan),
        _ => None,
    })
}

async fn load_play(db: &Db, history_id: &HistoryId) -> sqlx::Result<Option<ForUsers<ListenRow>>> {
    let Some(listen) = store::listen(db, history_id).await? else {
        return Ok(None);
    };
    let followers = store::follower_ids(db, &UserId::from(listen.listener_id.as_str()))
        .await?
        .into_iter()
        .collect();
    Ok(Some(ForUsers {
        users: followers,
        item: listen,
    }))
}
