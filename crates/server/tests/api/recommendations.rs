//! `GET /api/v1/recommendations`: what people with my taste played or liked (once the
//! neighbours job has learnt it), then popular tracks in my genres, then the newest tracks;
//! never my own uploads.

use backbeat::db::Timestamp;
use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{call_ok, get};
use crate::helpers::seed::{Seed, insert_track, play};

pub async fn recommended(app: &TestApp, token: &str) -> Vec<String> {
    get(app, "/recommendations", token).await["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t: &Value| t["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Runs the neighbours job's fold over everything written so far, as the job would.
pub async fn learn(app: &TestApp) -> backbeat::recommendations::neighbours::Folded {
    let horizon = Timestamp::now() + chrono::Duration::seconds(1);
    backbeat::recommendations::neighbours::fold_new(&app.db, horizon, None)
        .await
        .unwrap()
}

/// A ready track created `minutes` after a common start, so the catalog order is known.
pub async fn track_at(app: &TestApp, seed: Seed<'_>, minutes: i64) -> String {
    let start = Timestamp::now() - chrono::Duration::days(1);
    insert_track(
        app,
        Seed {
            created_at: start + chrono::Duration::minutes(minutes),
            ..seed
        },
    )
    .await
}

#[tokio::test]
async fn what_listeners_with_my_taste_played_or_liked_comes_first_by_how_many_of_them() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (mo, me) = app.user("Mo").await;
    let (_, bo) = app.user("Bo").await;
    let (_, cy) = app.user("Cy").await;
    let (_, di) = app.user("Di").await;
    let shared = track_at(&app, Seed::ready(&ana, "Shared", "Ana"), 0).await;
    let both = track_at(&app, Seed::ready(&ana, "Both", "Ana"), 1).await;
    let played_by_bo = track_at(&app, Seed::ready(&ana, "Played by Bo", "Ana"), 2).await;
    let liked_by_bo = track_at(&app, Seed::ready(&ana, "Liked by Bo", "Ana"), 3).await;
    let other_taste = track_at(&app, Seed::ready(&ana, "Other taste", "Ana"), 4).await;
    let mine = track_at(&app, Seed::ready(&mo, "Mine", "Mo"), 5).await;
    play(&app, &me, &shared).await;
    for listener in [&bo, &cy] {
        play(&app, listener, &shared).await;
        play(&app, listener, &both).await;
    }
    play(&app, &bo, &played_by_bo).await;
    play(&app, &bo, &mine).await;
    let like = format!("/tracks/{liked_by_bo}/like");
    call_ok(&app, Method::PUT, &like, &bo, None, 200).await;
    play(&app, &di, &other_taste).await;
    learn(&app).await;

    let titles = recommended(&app, &me).await;

    assert_eq!(titles[..3], ["Both", "Played by Bo", "Liked by Bo"]);
    assert!(!titles.contains(&"Mine".to_owned()), "{titles:?}");
    // Then the rest of the catalog, what I played last.
    assert_eq!(titles[3..], ["Other taste", "Shared"]);
}

#[tokio::test]
async fn popular_tracks_in_the_genres_i_play_follow_when_nobody_shares_my_taste() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let jazz = |title, plays| Seed {
        genre: Some("Jazz"),
        plays,
        ..Seed::ready(&ana, title, "Ana")
    };
    let played = track_at(&app, jazz("Played", 0), 0).await;
    track_at(
        &app,
        Seed {
            genre: Some("jazz"),
            ..jazz("Quiet jazz", 5)
        },
        1,
    )
    .await;
    track_at(&app, jazz("Loud jazz", 10), 2).await;
    track_at(
        &app,
        Seed {
            genre: Some("Rock"),
            ..jazz("Rock hit", 100)
        },
        3,
    )
    .await;
    track_at(&app, Seed::ready(&ana, "Newest", "Ana"), 4).await;
    play(&app, &me, &played).await;

    let titles = recommended(&app, &me).await;

    // The taste counts the artist too: the artist I play comes before the newest track, after
    // the two of them in my genre (at most 2 of an artist while others can fill the list).
    assert_eq!(
        titles,
        ["Loud jazz", "Quiet jazz", "Rock hit", "Newest", "Played"]
    );
}

#[tokio::test]
async fn a_new_listener_gets_the_newest_tracks_but_never_their_own() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (mo, me) = app.user("Mo").await;
    for (i, title) in ["Old", "Middle", "New"].into_iter().enumerate() {
        track_at(&app, Seed::ready(&ana, title, "Ana"), i as i64).await;
    }
    track_at(&app, Seed::ready(&mo, "Mine", "Mo"), 10).await;
    track_at(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Not ready", "Ana")
        },
        11,
    )
    .await;

    assert_eq!(recommended(&app, &me).await, ["New", "Middle", "Old"]);
}

#[tokio::test]
async fn at_most_10_tracks_are_recommended() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    for i in 0..15 {
        track_at(&app, Seed::ready(&ana, &format!("T{i}"), "Ana"), i).await;
    }

    let titles = recommended(&app, &me).await;

    assert_eq!(titles.len(), 10);
    assert_eq!(titles[0], "T14");
}

#[tokio::test]
async fn nothing_is_recommended_when_the_catalog_holds_only_my_own_tracks() {
    let app = spawn_app().await;
    let (mo, me) = app.user("Mo").await;
    let mine = track_at(&app, Seed::ready(&mo, "Mine", "Mo"), 0).await;
    play(&app, &me, &mine).await;

    assert!(recommended(&app, &me).await.is_empty());
}

async fn execute(app: &TestApp, sql: &'static str, id: &str) {
    backbeat::on_db!(&app.db, pool => sqlx::query(sql).bind(id).execute(pool).await.map(drop).unwrap());
}

#[tokio::test]
async fn a_kept_list_shows_current_counts_and_changes_at_once_with_the_catalog_and_my_plays() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let mut ids = Vec::new();
    for (i, title) in ["Old", "Middle", "New"].into_iter().enumerate() {
        ids.push(track_at(&app, Seed::ready(&ana, title, "Ana"), i as i64).await);
    }
    let (old, middle, new) = (&ids[0], &ids[1], &ids[2]);
    assert_eq!(recommended(&app, &me).await, ["New", "Middle", "Old"]);

    // Other listeners' plays: the same list, with the counts of now.
    execute(&app, "UPDATE tracks SET plays = 42 WHERE id = $1", old).await;
    let tracks = get(&app, "/recommendations", &me).await["tracks"].clone();
    assert_eq!(tracks[2]["title"], "Old");
    assert_eq!(tracks[2]["plays"], 42);

    // A track that is no longer ready is never served again.
    execute(
        &app,
        "UPDATE tracks SET status = 'failed' WHERE id = $1",
        middle,
    )
    .await;
    assert_eq!(recommended(&app, &me).await, ["New", "Old"]);

    // A new upload comes at once.
    track_at(&app, Seed::ready(&ana, "Newer", "Ana"), 5).await;
    assert_eq!(recommended(&app, &me).await, ["Newer", "New", "Old"]);

    // What I just played goes last (only to fill the panel).
    play(&app, &me, new).await;
    let titles = recommended(&app, &me).await;
    assert_eq!(titles.len(), 3, "{titles:?}");
    assert_eq!(titles.last().map(String::as_str), Some("New"), "{titles:?}");
}
