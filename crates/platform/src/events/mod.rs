//! The event bus: what must reach every process serving the API, such as a play that followers
//! watch live.
//!
//! On SQLite (one process) it is an in-process broadcast. On PostgreSQL an event is published
//! with `pg_notify` on the `backbeat_events` channel, and every process keeps one listening
//! connection that re-broadcasts what it hears locally, so any number of instances behind a
//! load balancer share their events. Payloads carry ids only (PostgreSQL refuses a payload of
//! 8000 bytes or more); receivers load what they show.
//!
//! Delivery is live only: an event published while a process's listener reconnects is lost to
//! that process. What happened stays recorded in the database.

mod live;
mod slots;

use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use tokio::sync::broadcast;

use crate::plans::Plan;
use backbeat_core::db::Db;
use backbeat_core::ids::{HistoryId, TrackId, UserId};
use backbeat_core::shutdown::Shutdown;

pub use live::{ForUsers, Loaded, live};
pub use slots::{Slot, StreamSlots};

/// The PostgreSQL notification channel.
const CHANNEL: &str = "backbeat_events";
/// Events a slow receiver may fall behind by before it misses some.
const CAPACITY: usize = 1024;
/// The first and the longest wait before the listener tries PostgreSQL again after a failure.
const RETRY_FIRST: Duration = Duration::from_millis(500);
const RETRY_MAX: Duration = Duration::from_secs(30);

/// Something that happened, as it travels between processes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A signed-in user started a track: the id of the listening history row.
    Listen { history_id: HistoryId },
    /// Some sessions of this user ended (logout, a password change, a second factor verified,
    /// a stolen refresh token detected): what they hold open re-checks its session.
    SessionsEnded { user_id: UserId },
    /// A verified payment event changed this user's plan: their open app shows it at once.
    PlanChanged { user_id: UserId, plan: Plan },
    /// A separation of this track's AutoMix stems moved on: its progress rose (whole percent,
    /// at most a few times a second), or it became ready or failed. `status` is said as the
    /// stems API says it (`loading`, `ready`, `error`).
    StemsChanged {
        track_id: TrackId,
        status: String,
        progress: i64,
    },
}

#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("cannot publish an event: {0}")]
    Database(#[from] sqlx::Error),
    #[error("cannot encode an event: {0}")]
    Encode(#[from] serde_json::Error),
}

/// Publishes events to every process and hands this process's share to its subscribers.
#[derive(Clone, Debug)]
pub struct EventBus {
    local: broadcast::Sender<Event>,
    /// The pool to publish on, on PostgreSQL.
    notify: Option<PgPool>,
}

impl EventBus {
    /// On PostgreSQL, listens before it returns (an event published afterwards reaches this
    /// process) and relays notifications until `shutdown`, reconnecting after failures.
    pub async fn start(db: &Db, shutdown: &Shutdown) -> Result<Self, sqlx::Error> {
        let (local, _) = broadcast::channel(CAPACITY);
        let notify = match db {
            Db::Sqlite(_) => None,
            Db::Postgres(pool) => {
                let listener = listen(pool).await?;
                tokio::spawn(relay(listener, local.clone(), shutdown.clone()));
                Some(pool.clone())
            }
        };
        Ok(Self { local, notify })
    }

    /// Sends `event` to the subscribers of every process (this one included).
    pub async fn publish(&self, event: &Event) -> Result<(), EventError> {
        match &self.notify {
            None => {
                // No subscriber (nobody connected) is not a failure.
                let _ = self.local.send(event.clone());
            }
            Some(pool) => {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(serde_json::to_string(event)?)
                    .execute(pool)
                    .await?;
            }
        }
        Ok(())
    }

    /// The events reaching this process from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.local.subscribe()
    }
}

/// A listener on a connection of its own, outside the pool the requests share (it is held for
/// as long as the process runs).
async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let own = PgPoolOptions::new()
        .max_connections(1)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect_with(pool.connect_options().as_ref().clone())
        .await?;
    let mut listener = PgListener::connect_with(&own).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Re-broadcasts the notifications of `listener` in this process until `shutdown`. A lost
/// connection is re-established by the listener itself; when that fails, it is tried again
/// after a wait that doubles up to [`RETRY_MAX`].
async fn relay(mut listener: PgListener, local: broadcast::Sender<Event>, shutdown: Shutdown) {
    let mut retry_in = RETRY_FIRST;
    loop {
        let received = tokio::select! {
            () = shutdown.stopped() => return,
            received = listener.recv() => received,
        };
        match received {
            Ok(notification) => {
                retry_in = RETRY_FIRST;
                match serde_json::from_str::<Event>(notification.payload()) {
                    Ok(event) => {
                        let _ = local.send(event);
                    }
                    // Another version of the server may publish events this one does not know.
                    Err(err) => tracing::debug!(error = %err, "ignoring an unknown event"),
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, ?retry_in, "the event listener lost PostgreSQL");
                tokio::select! {
                    () = shutdown.stopped() => return,
                    () = tokio::time::sleep(retry_in) => {}
                }
                retry_in = (retry_in * 2).min(RETRY_MAX);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_travels_as_small_tagged_json() {
        let event = Event::Listen {
            history_id: "0191e7a0-0000-7000-8000-000000000000".into(),
        };

        let payload = serde_json::to_string(&event).unwrap();

        assert_eq!(
            payload,
            r#"{"type":"listen","history_id":"0191e7a0-0000-7000-8000-000000000000"}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&payload).unwrap(), event);
    }

    #[test]
    fn a_plan_change_names_the_user_and_the_plan() {
        let event = Event::PlanChanged {
            user_id: "u1".into(),
            plan: Plan::Premium,
        };

        let payload = serde_json::to_string(&event).unwrap();

        assert_eq!(
            payload,
            r#"{"type":"plan_changed","user_id":"u1","plan":"premium"}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&payload).unwrap(), event);
    }

    #[test]
    fn a_stems_change_names_the_track_its_status_and_progress() {
        let event = Event::StemsChanged {
            track_id: "t1".into(),
            status: "loading".into(),
            progress: 42,
        };

        let payload = serde_json::to_string(&event).unwrap();

        assert_eq!(
            payload,
            r#"{"type":"stems_changed","track_id":"t1","status":"loading","progress":42}"#
        );
        assert_eq!(serde_json::from_str::<Event>(&payload).unwrap(), event);
    }
}
