//! The catalog: the newest tracks with keyset pages, search, a track's page with Up Next,
//! artists, my uploads, the upload limit and the home summary.

use std::collections::HashSet;

use backbeat::db::Timestamp;
use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{assert_api_error, call, get};
use crate::helpers::seed::{Seed, insert_track, set_plan};

fn titles(tracks: &Value) -> Vec<String> {
    tracks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Every page of `path` (which has a query string), following `next_cursor`.
async fn all_pages(app: &TestApp, token: &str, path: &str) -> Vec<Vec<String>> {
    let mut pages = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let url = match &cursor {
            Some(cursor) => format!("{path}&cursor={cursor}"),
            None => path.to_owned(),
        };
        let page = get(app, &url, token).await;
        pages.push(titles(&page["tracks"]));
        match page["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return pages,
        }
        assert!(pages.len() < 100, "the pages never end");
    }
}

#[tokio::test]
async fn ready_tracks_are_listed_newest_first_and_pages_hold_each_exactly_once() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let start = Timestamp::now() - chrono::Duration::hours(1);
    let mut expected = Vec::new();
    for i in 0..23 {
        // Groups of three share a timestamp, so the id must break the ties.
        let created_at = start + chrono::Duration::seconds(i / 3);
        let title = format!("Track {i:02}");
        insert_track(
            &app,
            Seed {
                created_at,
                ..Seed::ready(&user, &title, "Ana")
            },
        )
        .await;
        expected.push(title);
    }
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&user, "Not yet", "Ana")
        },
    )
    .await;

    let pages = all_pages(&app, &token, "/tracks?limit=5").await;

    assert_eq!(pages.len(), 5);
    assert!(pages[..4].iter().all(|p| p.len() == 5));
    let listed: Vec<String> = pages.concat();
    let unique: HashSet<&String> = listed.iter().collect();
    assert_eq!(unique.len(), listed.len(), "a track was listed twice");
    let newest_first: Vec<String> = expected
        .chunks(3)
        .rev()
        .flat_map(|group| group.iter().rev().cloned())
        .collect();
    assert_eq!(listed, newest_first);
}

#[tokio::test]
async fn a_page_holds_50_tracks_unless_asked_and_at_most_100() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    for i in 0..120 {
        let title = format!("T{i}");
        insert_track(&app, Seed::ready(&user, &title, "Ana")).await;
    }

    let default = get(&app, "/tracks", &token).await;
    let most = get(&app, "/tracks?limit=1000", &token).await;

    assert_eq!(default["tracks"].as_array().unwrap().len(), 50);
    assert_eq!(most["tracks"].as_array().unwrap().len(), 100);
    assert!(most["next_cursor"].is_string());
}

#[tokio::test]
async fn a_cursor_that_is_not_ours_is_refused() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;

    let response = app
        .client
        .get(app.url("/api/v1/tracks?cursor=bm9wZQ"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();

    assert_api_error(response, 400, "invalid_cursor").await;
}

async fn search(app: &TestApp, token: &str, q: &str) -> Vec<String> {
    let path = format!("/tracks?q={}", urlencode(q));
    titles(&get(app, &path, token).await["tracks"])
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn search_matches_title_artist_album_and_genre_ignoring_case_beyond_ascii() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    insert_track(&app, Seed::ready(&user, "Schrei nach Liebe", "Die Ärzte")).await;
    insert_track(
        &app,
        Seed {
            album: Some("Ébène"),
            genre: Some("Chanson"),
            ..Seed::ready(&user, "Quiet", "Zaz")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            genre: Some("Drum & Bass"),
            ..Seed::ready(&user, "100% Loud", "Crew")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&user, "Ärzte B-Side", "Die Ärzte")
        },
    )
    .await;

    assert_eq!(search(&app, &token, "ärzte").await, ["Schrei nach Liebe"]);
    assert_eq!(search(&app, &token, "ÄRZTE").await, ["Schrei nach Liebe"]);
    assert_eq!(search(&app, &token, "LIEBE").await, ["Schrei nach Liebe"]);
    assert_eq!(search(&app, &token, "ébène").await, ["Quiet"]);
    assert_eq!(search(&app, &token, "chanson").await, ["Quiet"]);
    assert_eq!(search(&app, &token, "drum &").await, ["100% Loud"]);
    assert_eq!(search(&app, &token, "100%").await, ["100% Loud"]);
    assert_eq!(search(&app, &token, "0%_").await, Vec::<String>::new());
    assert_eq!(
        search(&app, &token, "nothing like it").await,
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn exact_title_or_artist_matches_come_first_then_newest() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let at = |minutes: i64| Timestamp::now() - chrono::Duration::minutes(60 - minutes);
    for (title, artist, minutes) in [
        ("Blue", "Mira", 1),
        ("Blue Monday", "Order", 2),
        ("Feeling", "blue", 3),
        ("Deep Blue Sea", "Kai", 4),
        ("Red", "Blues Band", 5),
    ] {
        insert_track(
            &app,
            Seed {
                created_at: at(minutes),
                ..Seed::ready(&user, title, artist)
            },
        )
        .await;
    }

    let found = search(&app, &token, "  BLUE ").await;

    assert_eq!(
        found,
        ["Feeling", "Blue", "Red", "Deep Blue Sea", "Blue Monday"]
    );
    let pages = all_pages(&app, &token, "/tracks?q=blue&limit=2").await;
    assert_eq!(pages.concat(), found);
}

#[tokio::test]
async fn a_blank_query_lists_everything() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    insert_track(&app, Seed::ready(&user, "One", "Ana")).await;
    insert_track(&app, Seed::ready(&user, "Two", "Bo")).await;

    assert_eq!(search(&app, &token, "   ").await, ["Two", "One"]);
}

#[tokio::test]
async fn a_track_page_has_up_next_by_artist_or_album_most_played_first() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let id = insert_track(
        &app,
        Seed {
            album: Some("Tides"),
            ..Seed::ready(&user, "Low Tide", "Mira")
        },
    )
    .await;
    for (title, artist, album, plays) in [
        ("Salt", "Mira", None, 5),
        ("Guest Verse", "Kai", Some("Tides"), 50),
        ("Undertow", "Mira", Some("Tides"), 20),
        ("Fog", "Mira", None, 1),
        ("Glass", "Mira", None, 9),
        ("Haze", "Mira", None, 3),
        ("Elsewhere", "Kai", None, 1000),
    ] {
        insert_track(
            &app,
            Seed {
                album,
                plays,
                ..Seed::ready(&user, title, artist)
            },
        )
        .await;
    }
    insert_track(
        &app,
        Seed {
            status: "processing",
            plays: 999,
            ..Seed::ready(&user, "Unfinished", "Mira")
        },
    )
    .await;

    let track = get(&app, &format!("/tracks/{id}"), &token).await;

    assert_eq!(track["title"], "Low Tide");
    assert_eq!(track["album"], "Tides");
    assert_eq!(track["status"], "ready");
    assert_eq!(track["uploader"]["id"], user.as_str());
    assert_eq!(track["uploader"]["name"], "Ana");
    assert_eq!(track["waveform"], Value::Null);
    assert_eq!(
        titles(&track["up_next"]),
        ["Guest Verse", "Undertow", "Glass", "Salt", "Haze"]
    );
}

#[tokio::test]
async fn a_track_that_is_not_ready_is_shown_to_its_uploader_only() {
    let app = spawn_app().await;
    let (uploader, uploader_token) = app.user("Ana").await;
    let (_, listener_token) = app.user("Bo").await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&uploader, "Rough Mix", "Ana")
        },
    )
    .await;
    let failed = insert_track(
        &app,
        Seed {
            status: "failed",
            ..Seed::ready(&uploader, "Broken", "Ana")
        },
    )
    .await;

    for id in [&processing, &failed] {
        let path = format!("/tracks/{id}");
        let own = get(&app, &path, &uploader_token).await;
        assert_ne!(own["status"], "ready");
        let response = call(&app, Method::GET, &path, &listener_token, None).await;
        assert_eq!(
            assert_api_error(response, 404, "not_found").await,
            "Track Not Found"
        );
    }
    assert!(search(&app, &listener_token, "rough").await.is_empty());
    assert!(search(&app, &uploader_token, "rough").await.is_empty());
    let mine = get(&app, "/me/tracks", &uploader_token).await;
    assert_eq!(titles(&mine["tracks"]), ["Broken", "Rough Mix"]);
    let theirs = get(&app, "/me/tracks", &listener_token).await;
    assert!(theirs["tracks"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn an_unknown_track_is_not_found() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;

    let response = app
        .client
        .get(app.url("/api/v1/tracks/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();

    assert_eq!(
        assert_api_error(response, 404, "not_found").await,
        "Track Not Found"
    );
}

#[tokio::test]
async fn an_artist_page_sums_plays_and_lists_albums_with_singles_last() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let at = |minutes: i64| Timestamp::now() - chrono::Duration::minutes(60 - minutes);
    for (title, album, plays, verified, minutes) in [
        ("Intro", Some("Tides"), 10, false, 1),
        ("Outro", Some("Tides"), 30, false, 2),
        ("Single One", None, 5, true, 3),
        ("Opening", Some("Mornings"), 7, false, 4),
    ] {
        insert_track(
            &app,
            Seed {
                album,
                plays,
                verified,
                created_at: at(minutes),
                ..Seed::ready(&user, title, "AC/DC Tribute")
            },
        )
        .await;
    }
    // An album's cover is its first track's.
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE tracks SET cover_key = 'covers/x/' || LOWER(title) || '-256.jpg' \
         WHERE title IN ('Intro', 'Outro')")
        .execute(pool).await.map(drop).unwrap());
    insert_track(&app, Seed::ready(&user, "Other", "Someone Else")).await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            plays: 100,
            ..Seed::ready(&user, "Demo", "AC/DC Tribute")
        },
    )
    .await;

    let artist = get(&app, "/artists/AC%2FDC%20Tribute", &token).await;

    assert_eq!(artist["name"], "AC/DC Tribute");
    assert_eq!(artist["track_count"], 4);
    assert_eq!(artist["total_plays"], 52);
    assert_eq!(artist["verified"], true);
    assert_eq!(
        titles(&artist["tracks"]),
        ["Outro", "Intro", "Opening", "Single One"]
    );
    assert_eq!(artist["next_cursor"], Value::Null);
    let albums: Vec<(String, i64)> = artist["albums"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let name = a["name"].as_str().unwrap().to_owned();
            (name, a["track_count"].as_i64().unwrap())
        })
        .collect();
    assert_eq!(
        albums,
        [
            ("Mornings".to_owned(), 1),
            ("Tides".to_owned(), 2),
            ("Singles".to_owned(), 1),
        ]
    );
    assert_eq!(
        artist["albums"][1]["cover_url"],
        "/media/covers/x/intro-256.jpg"
    );
    assert_eq!(artist["albums"][0]["cover_url"], Value::Null);
    let album = |name: &str| format!("/artists/AC%2FDC%20Tribute/tracks?album={name}");
    let tides = get(&app, &album("Tides"), &token).await;
    let singles = get(&app, &album("Singles"), &token).await;
    let unknown = get(&app, &album("Nope"), &token).await;
    assert_eq!(titles(&tides["tracks"]), ["Intro", "Outro"]);
    assert_eq!(tides["next_cursor"], Value::Null);
    assert_eq!(titles(&singles["tracks"]), ["Single One"]);
    assert_eq!(titles(&unknown["tracks"]), Vec::<String>::new());
    assert_eq!(artist["bio"], Value::Null);
    assert_eq!(artist["profile_id"], Value::Null);
}

#[tokio::test]
async fn an_artist_is_unverified_until_a_track_is_verified() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    insert_track(&app, Seed::ready(&user, "One", "Mira")).await;

    let artist = get(&app, "/artists/Mira", &token).await;

    assert_eq!(artist["verified"], false);
}

#[tokio::test]
async fn an_artist_page_shows_the_bio_of_the_user_of_that_name() {
    let app = spawn_app().await;
    let (artist_id, artist_token) = app.user("Mira Sol").await;
    let (_, token) = app.user("Bo").await;
    let response = app
        .client
        .patch(app.url("/api/v1/me/profile"))
        .bearer_auth(&artist_token)
        .json(&serde_json::json!({ "bio": "Songs that became weather." }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    let without_tracks = get(&app, "/artists/Mira%20Sol", &token).await;
    insert_track(&app, Seed::ready(&artist_id, "Low Tide", "Mira Sol")).await;
    let with_tracks = get(&app, "/artists/Mira%20Sol", &token).await;

    assert_eq!(without_tracks["track_count"], 0);
    assert_eq!(without_tracks["bio"], "Songs that became weather.");
    assert_eq!(without_tracks["profile_id"], artist_id.as_str());
    assert_eq!(with_tracks["track_count"], 1);
    assert_eq!(with_tracks["bio"], "Songs that became weather.");
    assert_eq!(with_tracks["avatar_url"], Value::Null);
}

#[tokio::test]
async fn an_artist_without_ready_tracks_or_a_user_is_not_found() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&user, "Soon", "Nobody Yet")
        },
    )
    .await;

    for name in ["Nobody%20Yet", "nobody%20yet", "Unknown"] {
        let response = app
            .client
            .get(app.url(&format!("/api/v1/artists/{name}")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(
            assert_api_error(response, 404, "not_found").await,
            "Artist Not Found"
        );
    }
}

#[tokio::test]
async fn home_shows_my_stats_my_plan_and_the_8_newest_tracks() {
    let app = spawn_app().await;
    let (user, token) = app.user("Ana").await;
    let (other, _) = app.user("Bo").await;
    for i in 0..10 {
        let title = format!("Theirs {i}");
        insert_track(&app, Seed::ready(&other, &title, "Bo")).await;
    }
    insert_track(&app, Seed::ready(&user, "Mine", "Ana")).await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&user, "Mine too", "Ana")
        },
    )
    .await;

    let home = get(&app, "/home", &token).await;
    set_plan(&app, &user, "premium").await;
    let premium = get(&app, "/home", &token).await;

    assert_eq!(home["stats"]["your_tracks"], 2);
    assert_eq!(home["stats"]["liked_songs"], 0);
    assert_eq!(home["stats"]["playlists"], 0);
    assert_eq!(home["stats"]["current_plan"], "free");
    assert_eq!(
        titles(&home["recent"]),
        [
            "Mine", "Theirs 9", "Theirs 8", "Theirs 7", "Theirs 6", "Theirs 5", "Theirs 4",
            "Theirs 3"
        ]
    );
    assert_eq!(premium["stats"]["current_plan"], "premium");
}

#[tokio::test]
async fn catalog_routes_need_a_signed_in_user() {
    let app = spawn_app().await;
    for path in [
        "/api/v1/tracks",
        "/api/v1/tracks/x",
        "/api/v1/artists/x",
        "/api/v1/me/tracks",
        "/api/v1/me/upload-limit",
        "/api/v1/home",
        "/api/v1/tracks/x/stream-url",
    ] {
        assert_api_error(app.get(path).await, 401, "unauthorized").await;
    }
}
