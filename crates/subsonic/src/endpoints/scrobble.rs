//! Plays by the rules of the web: a scrobble with `submission=true` counts a play (the
//! uploader excluded, once per window, as time allows) and pays the uploader in the same
//! transaction; `submission=false` is "now playing", a playback start written to the history
//! uncounted, which followers see in their friends' activity and the later scrobble counts in
//! place. Fetching a stream never counts anything. `getNowPlaying` lists what the user and the
//! people they follow are playing.

use crate::context::{Ctx, Reply, done};
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use backbeat_catalog::catalog::track::{ready_track, visible_track};
use backbeat_catalog::plays::service::{self as plays, PlayRules};
use backbeat_core::db::Timestamp;
use backbeat_core::ids::TrackId;
use backbeat_platform::users;
use backbeat_social::activity::service::own_and_friends_activity;

/// A scrobble's `time` may be this old at most (as plays made offline).
const OLDEST_DAYS: i64 = 30;
/// ... and this far ahead of the server's clock.
const AHEAD_SECS: i64 = 120;
/// A play's start is looked for this long before its scrobble, beyond the track's length.
const START_SLACK_MINUTES: i64 = 10;

/// `scrobble`: each `id` (with its `time` in milliseconds when given), all checked first, so
/// a bad one records nothing.
pub async fn scrobble(ctx: &Ctx) -> SubsonicResult<Reply> {
    let params = &ctx.params;
    let ids = params.all("id");
    if ids.is_empty() {
        return Err(SubsonicError::missing("id"));
    }
    let times = params.all("time");
    let submission = params.flag("submission").unwrap_or(true);
    let now = Timestamp::now();
    let mut plays_at = Vec::with_capacity(ids.len());
    for (n, id) in ids.iter().enumerate() {
        let at = match times.get(n) {
            Some(ms) => {
                let ms: i64 = ms
                    .trim()
                    .parse()
                    .map_err(|_| SubsonicError::invalid("time"))?;
                let at = chrono::DateTime::from_timestamp_millis(ms)
                    .map(Timestamp::from)
                    .ok_or_else(|| SubsonicError::invalid("time"))?;
                if at < now - chrono::Duration::days(OLDEST_DAYS)
                    || at > now + chrono::Duration::seconds(AHEAD_SECS)
                {
                    return Err(SubsonicError::invalid("time"));
                }
                at.min(now)
            }
            None => now,
        };
        plays_at.push((*id, at));
    }
    let services = &ctx.services;
    for (id, _) in &plays_at {
        visible_track(&services.db, &TrackId::from(*id), &ctx.user)
            .await?
            .ok_or_else(|| SubsonicError::not_found("Song"))?
            .status
            .require_ready()?;
    }
    let rules = PlayRules::of(&services.config);
    for (id, at) in plays_at {
        plays::check_report_budget(&services.limiter, &rules, &ctx.user).await?;
        let mut tx = users::begin_locked(&services.db, &ctx.user).await?;
        let track = ready_track(&mut tx, &TrackId::from(id), &ctx.user).await?;
        let play = if submission {
            let within = chrono::Duration::seconds(track.duration_secs.max(0))
                + chrono::Duration::minutes(START_SLACK_MINUTES);
            plays::count_started(&mut tx, &rules, &ctx.user, &track, at, within).await?
        } else {
            plays::record_start(&mut tx, &ctx.user, &track, at).await?
        };
        tx.commit().await?;
        if !submission {
            plays::announce(&services.events, &play).await;
        }
    }
    done()
}

/// `getNowPlaying`: the latest plays of the user and of the people they follow that may still
/// be playing (started within their track's length).
pub async fn now_playing(ctx: &Ctx) -> SubsonicResult<Reply> {
    let now = Timestamp::now();
    let listens = own_and_friends_activity(&ctx.services.db, &ctx.user).await?;
    let playing: Vec<_> = listens
        .into_iter()
        .filter(|listen| {
            listen.listened_at + chrono::Duration::seconds(listen.track.duration_secs.max(0)) >= now
        })
        .collect();
    let tracks: Vec<_> = playing.iter().map(|listen| listen.track.clone()).collect();
    let songs = ctx.songs(&tracks).await?;
    let entries = playing
        .iter()
        .zip(songs)
        .map(|(listen, song)| {
            let minutes = (now.unix_seconds() - listen.listened_at.unix_seconds()).max(0) / 60;
            song.attr("username", listen.listener_name.clone())
                .attr("minutesAgo", minutes)
                .attr("playerId", 0)
                .attr("playerName", "Backbeat")
                .attr("played", model::time(listen.listened_at))
        })
        .collect();
    Ok(Node::new("nowPlaying").list("entry", entries).into())
}
