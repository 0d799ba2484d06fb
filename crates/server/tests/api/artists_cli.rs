//! `backbeat artists verify|unverify NAME`, run as the built binary on the app's database while
//! the server runs: every track of exactly that artist gets (or loses) the verified badge, which
//! the API then shows; an unknown artist changes nothing and exits 1 saying why.

use std::process::Output;

use serde_json::Value;

use crate::helpers::app::{TestApp, count, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::get;
use crate::helpers::seed::{Seed, insert_track};

/// Runs `backbeat artists <args>` on the app's database and data directory.
async fn artists(app: &TestApp, args: &[&str]) -> Output {
    cli::backbeat(app, &[&["artists"], args].concat(), &[]).await
}

async fn verified_tracks(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM tracks WHERE verified").await
}

#[tokio::test]
async fn verifying_an_artist_badges_their_tracks_in_the_api_and_unverifying_removes_it() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let mut ids = Vec::new();
    for title in ["Static One", "Static Two", "Static Three"] {
        ids.push(insert_track(&app, Seed::ready(&user, title, "Nova Static")).await);
    }
    let other = insert_track(&app, Seed::ready(&user, "Elsewhere", "Nova Statics")).await;
    let before = get(&app, &format!("/tracks/{}", ids[0]), &token).await;
    assert_eq!(before["verified"], false);

    let verified = artists(&app, &["verify", "Nova Static"]).await;

    assert_eq!(stdout(&verified), "verified Nova Static: 3 tracks\n");
    for id in &ids {
        let track = get(&app, &format!("/tracks/{id}"), &token).await;
        assert_eq!(track["verified"], true, "{id}");
    }
    let elsewhere = get(&app, &format!("/tracks/{other}"), &token).await;
    assert_eq!(elsewhere["verified"], false, "only exactly that artist");
    let page: Value = get(&app, "/artists/Nova%20Static", &token).await;
    assert_eq!(page["verified"], true);

    let again = artists(&app, &["verify", "Nova Static"]).await;
    assert_eq!(
        stdout(&again),
        "verified Nova Static: 3 tracks (3 already verified)\n"
    );

    let unverified = artists(&app, &["unverify", "Nova Static"]).await;

    assert_eq!(stdout(&unverified), "unverified Nova Static: 3 tracks\n");
    let track = get(&app, &format!("/tracks/{}", ids[1]), &token).await;
    assert_eq!(track["verified"], false);
    let page: Value = get(&app, "/artists/Nova%20Static", &token).await;
    assert_eq!(page["verified"], false);
    assert_eq!(verified_tracks(&app).await, 0);
}

#[tokio::test]
async fn verifying_an_unknown_artist_exits_1_and_changes_nothing() {
    let app = spawn_app().await;
    let (user, _) = app.user("Ana").await;
    insert_track(&app, Seed::ready(&user, "One", "Mira")).await;

    let output = artists(&app, &["verify", "Nobody Here"]).await;

    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("backbeat artists: no artist is named \"Nobody Here\""),
        "{stderr}"
    );
    assert_eq!(verified_tracks(&app).await, 0);
}
