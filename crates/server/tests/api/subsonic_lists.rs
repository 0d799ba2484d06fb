//! The Subsonic API's lists on both databases: albums by every kind an app asks for, genres,
//! songs of a genre, random, top and similar songs, the folder index, and JSONP.

use serde_json::Value;

use crate::helpers::app::spawn_app;
use crate::helpers::seed::{Seed, insert_track, play};
use crate::helpers::subsonic::{ids, subsonic_user};

#[tokio::test]
async fn subsonic_album_lists_answer_every_kind_apps_ask_for() {
    let app = spawn_app().await;
    let (ana, token, client) = subsonic_user(&app, "Ana").await;
    let (_, listener) = app.user("Bo").await;
    let rock = insert_track(
        &app,
        Seed {
            album: Some("Zeta"),
            genre: Some("Rock"),
            plays: 9,
            ..Seed::ready(&ana, "Loud", "Ana")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            album: Some("Alpha"),
            genre: Some("Jazz"),
            ..Seed::ready(&ana, "Soft", "Bea")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            genre: Some("Rock"),
            ..Seed::ready(&ana, "Single", "Ana")
        },
    )
    .await;
    play(&app, &listener, &rock).await;
    play(&app, &token, &rock).await;

    let names = |body: &Value, element: &str| -> Vec<String> {
        body[element]["album"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let by_name = client
        .ok(&app, "getAlbumList2", &[("type", "alphabeticalByName")])
        .await;
    assert_eq!(names(&by_name, "albumList2"), ["Alpha", "Singles", "Zeta"]);
    let by_artist = client
        .ok(&app, "getAlbumList2", &[("type", "alphabeticalByArtist")])
        .await;
    assert_eq!(
        names(&by_artist, "albumList2"),
        ["Singles", "Zeta", "Alpha"]
    );
    let frequent = client
        .ok(
            &app,
            "getAlbumList2",
            &[("type", "frequent"), ("size", "1")],
        )
        .await;
    assert_eq!(names(&frequent, "albumList2"), ["Zeta"]);
    let recent = client
        .ok(&app, "getAlbumList2", &[("type", "recent")])
        .await;
    assert_eq!(names(&recent, "albumList2"), ["Zeta"]);
    let rock_albums = client
        .ok(
            &app,
            "getAlbumList",
            &[("type", "byGenre"), ("genre", "rock")],
        )
        .await;
    assert_eq!(names(&rock_albums, "albumList").len(), 2);
    for kind in ["random", "newest", "starred", "highest", "byYear"] {
        client.ok(&app, "getAlbumList2", &[("type", kind)]).await;
    }
    assert_eq!(
        client
            .error(&app, "getAlbumList2", &[("type", "sideways")])
            .await,
        0
    );
    assert_eq!(
        client
            .error(&app, "getAlbumList2", &[("type", "byGenre")])
            .await,
        10
    );

    let genres = client.ok(&app, "getGenres", &[]).await;
    assert_eq!(genres["genres"]["genre"][1]["value"], "Rock");
    assert_eq!(genres["genres"]["genre"][1]["songCount"], 2);
    let by_genre = client
        .ok(&app, "getSongsByGenre", &[("genre", "Rock")])
        .await;
    assert_eq!(ids(&by_genre["songsByGenre"]["song"])[0], rock);
    let random = client.ok(&app, "getRandomSongs", &[("size", "2")]).await;
    assert_eq!(random["randomSongs"]["song"].as_array().unwrap().len(), 2);
    let top = client.ok(&app, "getTopSongs", &[("artist", "Ana")]).await;
    assert_eq!(ids(&top["topSongs"]["song"])[0], rock);
    let similar = client.ok(&app, "getSimilarSongs2", &[("id", &rock)]).await;
    assert!(!ids(&similar["similarSongs2"]["song"]).contains(&rock));
    let indexes = client.ok(&app, "getIndexes", &[]).await;
    assert_eq!(indexes["indexes"]["index"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn subsonic_answers_jsonp_with_a_safe_callback_only() {
    let app = spawn_app().await;
    let (_, _, client) = subsonic_user(&app, "Ana").await;

    let wrapped = client
        .raw(&app, "ping", &[("f", "jsonp"), ("callback", "cb_1")])
        .await
        .text()
        .await
        .unwrap();
    let unsafe_name = client
        .raw(&app, "ping", &[("f", "jsonp"), ("callback", "alert(1)")])
        .await
        .text()
        .await
        .unwrap();

    assert!(
        wrapped.starts_with("cb_1({\"subsonic-response\""),
        "{wrapped}"
    );
    assert!(
        unsafe_name.starts_with("{\"subsonic-response\""),
        "{unsafe_name}"
    );
}

type AlbumTotal = (String, String, i64, i64, i64);

async fn album_totals(app: &crate::helpers::app::TestApp, sql: &'static str) -> Vec<AlbumTotal> {
    backbeat::on_db!(&app.db, pool => sqlx::query_as(sql).fetch_all(pool).await.unwrap())
}

#[tokio::test]
async fn the_kept_album_totals_follow_every_change_of_a_track() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let (_, listener) = app.user("Bo").await;
    let one = insert_track(
        &app,
        Seed {
            album: Some("First"),
            ..Seed::ready(&ana, "One", "Ana")
        },
    )
    .await;
    let two = insert_track(
        &app,
        Seed {
            album: Some("First"),
            ..Seed::ready(&ana, "Two", "Ana")
        },
    )
    .await;
    let three = insert_track(&app, Seed::ready(&ana, "Three", "Ana")).await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Later", "Ana")
        },
    )
    .await;
    play(&app, &listener, &one).await;
    backbeat::on_db!(&app.db, pool => {
        sqlx::query("UPDATE tracks SET album = 'Second' WHERE id = $1")
            .bind(&three).execute(pool).await.unwrap();
        sqlx::query("DELETE FROM tracks WHERE id = $1").bind(&two).execute(pool).await.unwrap();
    });

    let kept = album_totals(
        &app,
        "SELECT artist, album, track_count, total_plays, duration_secs FROM album_totals \
         WHERE track_count > 0 ORDER BY artist, album",
    )
    .await;
    let grouped = album_totals(
        &app,
        "SELECT artist, COALESCE(album, 'Singles'), COUNT(*), CAST(SUM(plays) AS BIGINT), \
                CAST(SUM(duration_secs) AS BIGINT) \
         FROM tracks WHERE status = 'ready' GROUP BY artist, COALESCE(album, 'Singles') \
         ORDER BY 1, 2",
    )
    .await;

    assert_eq!(kept, grouped);
    assert_eq!(
        kept,
        [
            ("Ana".to_owned(), "First".to_owned(), 1, 1, 180),
            ("Ana".to_owned(), "Second".to_owned(), 1, 0, 180)
        ]
    );
    let listed = client
        .ok(&app, "getAlbumList2", &[("type", "alphabeticalByName")])
        .await;
    assert_eq!(listed["albumList2"]["album"].as_array().unwrap().len(), 2);
}
