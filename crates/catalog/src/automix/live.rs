//! AutoMix live: how a separation goes (its progress, then ready or error), told to the open
//! event streams (`event: stems` on `GET /api/v1/events`) of the users who asked for the
//! track's stems, on whichever instance they asked and their stream is served.
//!
//! The job announces each change on the [`EventBus`] as the track, the status and the
//! progress. Each process loads, once per change, who asked for the track's stems
//! (`stem_watchers`, written by the requests of any instance) and hands the change to its open
//! streams; each stream keeps the changes of the tracks its user asked for. Delivery is live
//! only: the stems API says where a separation is.

use std::collections::HashSet;

use futures_util::Stream;
use serde::Serialize;
use utoipa::ToSchema;

use super::status::StemStatus;
use super::store;
use backbeat_core::db::Db;
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::events::{Event, EventBus, ForUsers, Loaded};

/// A change of a track's AutoMix stems, as the event stream says it (`event: stems`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct StemsChanged {
    pub track_id: String,
    /// `loading` while the separation runs, then `ready` or `error` (as the stems API says).
    pub status: StemStatus,
    /// Whole percent 0 to 100, as the stems API says it (100 when ready, 0 on error).
    pub progress: i64,
}

/// The changes of stems this process delivers to its open `/events` streams.
#[derive(Clone, Debug)]
pub struct LiveStems {
    changes: Loaded<StemsChanged>,
}

impl LiveStems {
    /// Starts loading who asked for the stems of each change announced on `events`, until
    /// `shutdown`.
    pub fn start(db: Db, events: &EventBus, shutdown: Shutdown) -> Self {
        let changes = Loaded::start(events, shutdown, "stems", move |event| match event {
            Event::StemsChanged {
                track_id,
                status,
                progress,
            } => {
                // Another version of the server may announce a status this one does not know.
                let status = StemStatus::parse(&status)?;
                let change = StemsChanged {
                    track_id: track_id.into(),
                    status,
                    progress,
                };
                let db = db.clone();
                Some(async move { load_delivery(&db, change).await })
            }
            _ => None,
        });
        Self { changes }
    }

    /// The changes of the stems `user` asked for, from now until `shutdown`.
    pub fn changes_for(
        &self,
        user: UserId,
        shutdown: Shutdown,
    ) -> impl Stream<Item = StemsChanged> + Send + 'static {
        self.changes.follow(user, shutdown)
    }
}

async fn load_delivery(
    db: &Db,
    change: StemsChanged,
) -> sqlx::Result<Option<ForUsers<StemsChanged>>> {
    let track_id = TrackId::from(change.track_id.as_str());
    let watchers: HashSet<UserId> = store::watcher_ids(db, &track_id)
        .await?
        .into_iter()
        .collect();
    Ok((!watchers.is_empty()).then_some(ForUsers {
        users: watchers,
        item: change,
    }))
}

/// Tells every instance that the stems of `track_id` changed. A failure is logged, not
/// answered: the change is recorded, and the stems API says it.
pub async fn announce(events: &EventBus, track_id: &TrackId, status: StemStatus, progress: i64) {
    let event = Event::StemsChanged {
        track_id: track_id.to_owned(),
        status: status.as_str().to_owned(),
        progress,
    };
    if let Err(err) = events.publish(&event).await {
        tracing::warn!(track_id = %track_id, error = %err, "cannot announce a change of stems");
    }
}
