//! The rules of plays made offline. A batch is one report in the listener's budget of play
//! reports (`too_many_play_reports` past it, and nothing is written). Its plays are recorded in
//! the order they started, each in its own transaction that first locks the listener's profile
//! row: a play id sent before answers its first outcome and writes nothing; a play too old, in
//! the future or of a track the listener cannot play is refused; any other is recorded at the
//! time it started and counted under the rules of plays (`catalog::plays::service::record_in`:
//! the uploader credited in the same transaction), then announced to the listener's followers
//! after its commit.

use backbeat_catalog::catalog::track::ready_track;
use backbeat_catalog::plays::service::{self as plays, PlayRules, RecordedPlay};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::events::EventBus;
use backbeat_platform::users;

use super::outcome::{OfflinePlayOutcome, OfflinePlayResult, OfflineRefusal};
use super::rules;
use super::store::{self, KeptOutcome};
use crate::batch;

/// A play made offline, as the app sent it.
#[derive(Clone, Debug)]
pub struct OfflinePlay {
    /// The id the app gave it.
    pub id: String,
    pub track_id: TrackId,
    pub played_at: Timestamp,
}

/// Records a batch of 1 to 500 plays made offline; answers each one's outcome in the order sent.
pub async fn record_offline_plays(
    db: &Db,
    events: &EventBus,
    limiter: &RateLimiter,
    rules: &PlayRules,
    listener: &UserId,
    batch: &[OfflinePlay],
) -> Result<Vec<OfflinePlayOutcome>, Failure> {
    batch::check_size(batch.len(), "plays")?;
    for play in batch {
        rules::check_play_id(&play.id)?;
    }
    plays::check_report_budget(limiter, rules, listener).await?;
    let mut order: Vec<usize> = (0..batch.len()).collect();
    order.sort_by_key(|&i| batch[i].played_at);
    let mut outcomes = vec![None; batch.len()];
    for i in order {
        let play = &batch[i];
        let (outcome, recorded) = record(db, rules, listener, play).await?;
        if let Some(recorded) = recorded {
            plays::announce(events, &recorded).await;
        }
        outcomes[i] = Some(outcome);
    }
    Ok(outcomes.into_iter().flatten().collect())
}

/// One play in its transaction: its outcome, and the play when it was recorded now.
async fn record(
    db: &Db,
    rules: &PlayRules,
    listener: &UserId,
    play: &OfflinePlay,
) -> Result<(OfflinePlayOutcome, Option<RecordedPlay>), Failure> {
    let answer = |outcome, reason| OfflinePlayOutcome {
        id: play.id.clone(),
        outcome,
        reason,
    };
    let mut tx = users::begin_locked(db, listener).await?;
    if let Some((outcome, reason)) = store::outcome_of(&mut tx, listener, &play.id).await? {
        return Ok((answer(outcome, reason), None));
    }
    let now = Timestamp::now();
    let recorded = match rules::refusal(play.played_at, now) {
        Some(reason) => Err(reason),
        None => match ready_track(&mut tx, &play.track_id, listener).await {
            Ok(track) => {
                Ok(plays::record_in(&mut tx, rules, listener, &track, play.played_at).await?)
            }
            Err(failure) if cannot_play(&failure) => Err(OfflineRefusal::NotFound),
            Err(failure) => return Err(failure),
        },
    };
    let (outcome, reason) = match &recorded {
        Ok(recorded) if recorded.counted => (OfflinePlayResult::Counted, None),
        Ok(_) => (OfflinePlayResult::Recorded, None),
        Err(reason) => (OfflinePlayResult::Refused, Some(*reason)),
    };
    store::insert_outcome(
        &mut tx,
        &KeptOutcome {
            user: listener,
            play_id: &play.id,
            outcome,
            reason,
            history_id: recorded.as_ref().ok().map(|r| r.history_id.as_str()),
            received_at: now,
        },
    )
    .await?;
    tx.commit().await?;
    Ok((answer(outcome, reason), recorded.ok()))
}

/// Whether `ready_track` refused a track the listener cannot play: not there or not theirs to
/// see, or their own upload not ready.
fn cannot_play(failure: &Failure) -> bool {
    [
        errors::TRACK_NOT_FOUND,
        errors::TRACK_NOT_READY,
        errors::TRACK_FAILED,
    ]
    .into_iter()
    .any(|problem| failure.is(problem))
}
