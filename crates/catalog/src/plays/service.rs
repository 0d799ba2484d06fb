//! The rules of plays: every playback start by a signed-in listener of a ready track is written to
//! the listening history. It is counted (the track's plays + 1, and the uploader credited) unless
//! the listener is the uploader, or the same listener already had a counted play of the same track
//! within the window (30 minutes unless configured), or time does not allow it: the listener's
//! previous counted play (of any track) started less than the minimum gap ago (30 s unless
//! configured; that track's length if shorter). Checking and writing happen in one transaction that
//! first locks the listener's profile row, so concurrent reports of one play count once on both
//! databases. Each user's reports are rate limited in the database, so the budget holds across
//! nodes. A play made offline is recorded later at the time it started ([`record_in`]), under the
//! same rules read on both sides of that time.

use backbeat_core::ids::{HistoryId, TrackId, UserId};

use super::store::{self, NewListen};
use crate::catalog::track::{TrackRow, ready_track};
use crate::recommendations::neighbours;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::errors::{self, Failure};
use backbeat_core::rate_limits::{Quota, RateLimiter};
use backbeat_payouts::ledger;
use backbeat_platform::config::Config;
use backbeat_platform::events::{Event, EventBus};
use backbeat_platform::users;

/// How plays are counted and reports limited, from the configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRules {
    /// A listener's plays of one track count once within this window.
    pub window: chrono::Duration,
    /// A listener's counted plays start at least this far apart (or the previous track's
    /// length, if shorter); zero turns the rule off.
    pub min_between: chrono::Duration,
    /// The reports one user may send.
    pub reports: Quota,
}

impl PlayRules {
    /// The rules the configuration sets.
    pub fn of(config: &Config) -> Self {
        Self {
            window: config.play_count_window(),
            min_between: config.min_between_counted_plays(),
            reports: Quota::per_minute(config.play_reports_per_minute),
        }
    }
}

/// A listener's previous counted play, as the time rule reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviousPlay {
    pub started: Timestamp,
    /// Its track's length in seconds, when the track is still there.
    pub track_secs: Option<i64>,
}

/// A recorded play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedPlay {
    /// The listening history row.
    pub history_id: HistoryId,
    pub counted: bool,
    /// The track's plays after this one.
    pub plays: i64,
}

/// Whether a play counts: never the uploader's own, at most once per listener and track
/// within the window, and only when time allows it ([`time_allows`]).
pub fn counts(
    listener: &UserId,
    uploader: &UserId,
    counted_within_window: bool,
    time_allows: bool,
) -> bool {
    listener != uploader && !counted_within_window && time_allows
}

/// Whether a listener can have listened since their previous counted play: it started at least
/// `min_between` before `now`, or its track's length if that is shorter. Always with no
/// previous counted play, or when the rule is off (`min_between` zero).
pub fn time_allows(
    previous: Option<PreviousPlay>,
    now: Timestamp,
    min_between: chrono::Duration,
) -> bool {
    let Some(previous) = previous else {
        return true;
    };
    let gap = match previous.track_secs {
        Some(secs) => min_between.min(chrono::Duration::seconds(secs.max(0))),
        None => min_between,
    };
    now - gap >= previous.started
}

/// [`time_allows`] for a play started at `at` between the listener's counted plays: the
/// previous one (started at or before `at`) lies far enough before it, and the next one (started
/// after `at`, when a play made offline arrives after later ones) far enough after it, by this
/// play's track length (`track_secs`) when shorter than the gap. A play reported as it starts has
/// no next one.
pub fn time_allows_at(
    previous: Option<PreviousPlay>,
    next: Option<Timestamp>,
    at: Timestamp,
    track_secs: i64,
    min_between: chrono::Duration,
) -> bool {
    let this = PreviousPlay {
        started: at,
        track_secs: Some(track_secs),
    };
    time_allows(previous, at, min_between)
        && next.is_none_or(|next| time_allows(Some(this), next, min_between))
}

/// Records that `listener` started the track now, counts it when the rules say so, then tells
/// the listener's followers (live, on every instance). A listener past their budget of reports
/// is refused (`too_many_play_reports`) and nothing is written.
pub async fn record_play(
    db: &Db,
    events: &EventBus,
    limiter: &RateLimiter,
    rules: &PlayRules,
    listener: &UserId,
    track_id: &TrackId,
) -> Result<RecordedPlay, Failure> {
    check_report_budget(limiter, rules, listener).await?;
    // The lock comes first, before anything reads the track or the history: every report of
    // this listener waits here for the previous one to commit, then sees what it wrote.
    let mut tx = users::begin_locked(db, listener).await?;
    let track = ready_track(&mut tx, track_id, listener).await?;
    let play = record_in(&mut tx, rules, listener, &track, Timestamp::now()).await?;
    tx.commit().await?;
    announce(events, &play).await;
    Ok(play)
}

/// Counts one report against the listener's budget of play reports (`rules.reports`, kept in
/// the database so it holds across nodes); `too_many_play_reports` past it.
pub async fn check_report_budget(
    limiter: &RateLimiter,
    rules: &PlayRules,
    listener: &UserId,
) -> Result<(), Failure> {
    if limiter
        .allow(&format!("play-reports:{listener}"), rules.reports)
        .await?
    {
        Ok(())
    } else {
        Err(errors::TOO_MANY_PLAY_REPORTS.into())
    }
}

/// Tells the listener's followers of a recorded play (after its commit). The play is recorded
/// whatever happens to the live notice; followers still find it in their friends' activity.
pub async fn announce(events: &EventBus, play: &RecordedPlay) {
    let event = Event::Listen {
        history_id: play.history_id.clone(),
    };
    if let Err(err) = events.publish(&event).await {
        tracing::warn!(error = %err, "cannot announce a play to followers");
    }
}

/// Records in `tx` that `listener` started `track` at `at` (now for a play reported as it
/// starts, earlier for one made offline), and counts it when the rules say so at that time: not
/// the uploader's own, no other counted play of the track by the listener within the window on
/// either side of `at`, and time allows it on both sides ([`time_allows_at`]).
///
/// `tx` must hold the listener's profile lock, taken before anything was read
/// (`users::begin_locked`), and `track` be what `ready_track` answered in it: every play of
/// this listener then waits for the previous one to commit and sees what it wrote, so a play
/// counts once on both databases. The track row is locked only afterwards (by counting), never
/// before.
pub async fn record_in(
    tx: &mut Tx,
    rules: &PlayRules,
    listener: &UserId,
    track: &TrackRow,
    at: Timestamp,
) -> Result<RecordedPlay, Failure> {
    let counted = would_count(tx, rules, listener, track, at).await?;
    record_listen(tx, listener, track, at, counted).await
}

/// Whether a play of `track` by `listener` started at `at` counts, by the rules of plays read
/// in `tx` (which holds the listener's profile lock): not the uploader's own, no other counted
/// play of the track within the window on either side, and time allows it on both sides.
async fn would_count(
    tx: &mut Tx,
    rules: &PlayRules,
    listener: &UserId,
    track: &TrackRow,
    at: Timestamp,
) -> Result<bool, Failure> {
    let track_id = track.id.clone();
    let counted_within_window = store::counted_between(
        tx,
        listener,
        &track_id,
        at - rules.window,
        at + rules.window,
    )
    .await?;
    let previous =
        store::last_counted_play_until(tx, listener, at)
            .await?
            .map(|(started, track_secs)| PreviousPlay {
                started,
                track_secs,
            });
    let next = store::first_counted_play_after(tx, listener, at).await?;
    Ok(counts(
        listener,
        &track.uploaded_by,
        counted_within_window,
        time_allows_at(previous, next, at, track.duration_secs, rules.min_between),
    ))
}

/// Writes the history row of a playback start at `at` and, when `counted`, counts and pays it.
async fn record_listen(
    tx: &mut Tx,
    listener: &UserId,
    track: &TrackRow,
    at: Timestamp,
    counted: bool,
) -> Result<RecordedPlay, Failure> {
    let track_id = track.id.clone();
    let history_id = HistoryId::generate();
    store::insert_listen(
        tx,
        &NewListen {
            id: history_id.as_str(),
            listener,
            track_id: &track_id,
            listened_at: at,
            counted,
        },
    )
    .await?;
    let now = Timestamp::now();
    let plays = if counted {
        count_play(tx, &track.uploaded_by, &history_id, &track_id, now).await?
    } else {
        track.plays
    };
    // The recommender learns from every listen, counted or not.
    neighbours::enqueue(tx, now).await?;
    Ok(RecordedPlay {
        history_id: history_id.clone(),
        counted,
        plays,
    })
}

/// A playback start reported before the play is known to count (a Subsonic app's "now
/// playing"): written to the history uncounted, so followers see it, and counted later by
/// [`count_started`] when the app reports the play.
pub async fn record_start(
    tx: &mut Tx,
    listener: &UserId,
    track: &TrackRow,
    at: Timestamp,
) -> Result<RecordedPlay, Failure> {
    record_listen(tx, listener, track, at, false).await
}

/// Counts a play of `track` by `listener` started at `at` (a Subsonic app's scrobble), under
/// the rules of [`record_in`]. When the listener reported its start (an uncounted history row
/// of the track started at most `started_within` before `at`, [`record_start`]), that row is
/// the play and is counted in place; else a row is written as [`record_in`] does. `tx` holds
/// the listener's profile lock, taken before anything was read.
pub async fn count_started(
    tx: &mut Tx,
    rules: &PlayRules,
    listener: &UserId,
    track: &TrackRow,
    at: Timestamp,
    started_within: chrono::Duration,
) -> Result<RecordedPlay, Failure> {
    let Some((history_id, started)) =
        store::uncounted_start(tx, listener, &track.id, at - started_within, at).await?
    else {
        return record_in(tx, rules, listener, track, at).await;
    };
    let counted = would_count(tx, rules, listener, track, started).await?;
    let plays = if counted && store::mark_counted(tx, listener, &history_id).await? {
        count_play(
            tx,
            &track.uploaded_by,
            &history_id,
            &track.id,
            Timestamp::now(),
        )
        .await?
    } else {
        track.plays
    };
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
    uploader: &UserId,
    history_id: &HistoryId,
    track_id: &TrackId,
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
        assert!(!counts(
            &UserId::from("ana"),
            &UserId::from("ana"),
            false,
            true
        ));
        assert!(!counts(
            &UserId::from("ana"),
            &UserId::from("ana"),
            true,
            true
        ));
    }

    #[test]
    fn a_listener_counts_once_per_window() {
        assert!(counts(
            &UserId::from("bo"),
            &UserId::from("ana"),
            false,
            true
        ));
        assert!(!counts(
            &UserId::from("bo"),
            &UserId::from("ana"),
            true,
            true
        ));
    }

    #[test]
    fn a_play_too_soon_after_the_last_counted_one_does_not_count() {
        assert!(!counts(
            &UserId::from("bo"),
            &UserId::from("ana"),
            false,
            false
        ));
    }

    fn started_ago(secs: i64, track_secs: Option<i64>, now: Timestamp) -> Option<PreviousPlay> {
        Some(PreviousPlay {
            started: now - chrono::Duration::seconds(secs),
            track_secs,
        })
    }

    #[test]
    fn counted_plays_are_at_least_the_minimum_gap_apart() {
        let now = Timestamp::now();
        let gap = chrono::Duration::seconds(30);
        assert!(time_allows(None, now, gap), "a first play");
        assert!(!time_allows(started_ago(0, Some(180), now), now, gap));
        assert!(!time_allows(started_ago(29, Some(180), now), now, gap));
        assert!(time_allows(started_ago(30, Some(180), now), now, gap));
        assert!(time_allows(started_ago(31, None, now), now, gap));
        assert!(
            !time_allows(started_ago(29, None, now), now, gap),
            "the track is gone"
        );
    }

    #[test]
    fn a_previous_track_shorter_than_the_gap_allows_the_next_play_after_its_length() {
        let now = Timestamp::now();
        let gap = chrono::Duration::seconds(30);
        assert!(!time_allows(started_ago(9, Some(10), now), now, gap));
        assert!(time_allows(started_ago(10, Some(10), now), now, gap));
    }

    #[test]
    fn a_play_made_earlier_needs_the_gap_to_the_next_counted_play_too() {
        let now = Timestamp::now();
        let gap = chrono::Duration::seconds(30);
        let at = now - chrono::Duration::minutes(10);
        let after = |secs: i64| Some(at + chrono::Duration::seconds(secs));
        assert!(time_allows_at(None, None, at, 180, gap));
        assert!(time_allows_at(None, after(30), at, 180, gap));
        assert!(!time_allows_at(None, after(29), at, 180, gap));
        assert!(
            time_allows_at(None, after(10), at, 10, gap),
            "this track is shorter than the gap"
        );
        assert!(!time_allows_at(None, after(9), at, 10, gap));
        assert!(!time_allows_at(
            started_ago(29, Some(180), at),
            after(60),
            at,
            180,
            gap
        ));
        assert!(time_allows_at(
            started_ago(30, Some(180), at),
            after(30),
            at,
            180,
            gap
        ));
        assert!(time_allows_at(
            started_ago(0, Some(180), at),
            after(0),
            at,
            180,
            chrono::Duration::zero()
        ));
    }

    #[test]
    fn a_zero_gap_turns_the_rule_off() {
        let now = Timestamp::now();
        assert!(time_allows(
            started_ago(0, Some(180), now),
            now,
            chrono::Duration::zero()
        ));
    }
}
