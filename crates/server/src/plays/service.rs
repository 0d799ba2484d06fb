//! The rules of plays (DECISIONS.md, "Plays and earnings"): every playback start by a
//! signed-in listener of a ready track is written to the listening history. It is counted (the
//! track's plays + 1, and the uploader credited) unless the listener is the uploader, or the
//! same listener already had a counted play of the same track within the window (30 minutes
//! unless configured). Checking and writing happen in one transaction that first locks the
//! listener's profile row, so concurrent reports of one play count once on both databases.

use uuid::Uuid;

use super::store::{self, NewListen};
use crate::catalog::track::ready_track;
use crate::db::{Db, Timestamp, Tx};
use crate::errors::Failure;
use crate::events::{Event, EventBus};
use crate::payouts::ledger;
use crate::profiles::profile::service::my_profile;
use crate::recommendations::neighbours;

/// A recorded play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedPlay {
    /// The listening history row.
    pub history_id: String,
    pub counted: bool,
    /// The track's plays after this one.
    pub plays: i64,
}

/// Whether a play counts: never the uploader's own, and at most once per listener and track
/// within the window.
pub fn counts(listener: &str, uploader: &str, counted_within_window: bool) -> bool {
    listener != uploader && !counted_within_window
}

/// Records that `listener` started the track, counts it when the rules say so, then tells the
/// listener's followers (live, on every instance).
pub async fn record_play(
    db: &Db,
    events: &EventBus,
    window: chrono::Duration,
    listener: &str,
    track_id: &str,
) -> Result<RecordedPlay, Failure> {
    let play = record(db, window, listener, track_id).await?;
    let event = Event::Listen {
        history_id: play.history_id.clone(),
    };
    // The play is recorded whatever happens to the live notice; followers still find it in
    // their friends' activity.
    if let Err(err) = events.publish(&event).await {
        tracing::warn!(error = %err, "cannot announce a play to followers");
    }
    Ok(play)
}

async fn record(
    db: &Db,
    window: chrono::Duration,
    listener: &str,
    track_id: &str,
) -> Result<RecordedPlay, Failure> {
    let mut tx = db.begin().await?;
    // The lock comes first, before anything reads the track or the history: every report of
    // this listener waits here for the previous one to commit, then sees what it wrote. The
    // track row is locked only afterwards (by counting), never before.
    if !store::lock_listener(&mut tx, listener).await? {
        // A profile lost or never written is made again, as reading it would.
        drop(tx);
        my_profile(db, listener).await?;
        tx = db.begin().await?;
        if !store::lock_listener(&mut tx, listener).await? {
            return Err(Failure::Unexpected(anyhow::anyhow!(
                "the profile of {listener} is gone"
            )));
        }
    }
    let track = ready_track(&mut tx, track_id, listener).await?;
    let now = Timestamp::now();
    let counted_within_window =
        store::counted_since(&mut tx, listener, track_id, now - window).await?;
    let counted = counts(listener, &track.uploaded_by, counted_within_window);
    let history_id = Uuid::now_v7().to_string();
    store::insert_listen(
        &mut tx,
        &NewListen {
            id: &history_id,
            listener,
            track_id,
            listened_at: now,
            counted,
        },
    )
    .await?;
    let plays = if counted {
        count_play(&mut tx, &track.uploaded_by, &history_id, track_id, now).await?
    } else {
        track.plays
    };
    // The recommender learns from every listen, counted or not.
    neighbours::enqueue(&mut tx, now).await?;
    tx.commit().await?;
    Ok(RecordedPlay {
        history_id,
        counted,
        plays,
    })
}

/// Everything a counted play changes, inside the play's transaction: the track's plays, and
/// the uploader's ledger credit for this play (21 units), written here so that a play is
/// counted and paid together or not at all. Answers the track's new play count.
///
/// The credit must not lock the uploader's profile row: two users playing each other's tracks
/// would then lock the two profiles in opposite orders. It locks the uploader's balance row,
/// which no transaction holds while waiting for a profile (a withdrawal locks only the balance,
/// a play takes its listener's profile before any balance).
async fn count_play(
    tx: &mut Tx,
    uploader: &str,
    history_id: &str,
    track_id: &str,
    now: Timestamp,
) -> Result<i64, Failure> {
    let plays = store::add_play(tx, track_id).await?;
    ledger::credit_play(tx, uploader, history_id, track_id, now).await?;
    Ok(plays)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uploaders_own_play_never_counts() {
        assert!(!counts("ana", "ana", false));
        assert!(!counts("ana", "ana", true));
    }

    #[test]
    fn a_listener_counts_once_per_window() {
        assert!(counts("bo", "ana", false));
        assert!(!counts("bo", "ana", true));
    }
}
