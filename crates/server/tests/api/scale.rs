//! `backbeat seed-scale`, run as the built binary on the app's database at a small size: the rows
//! it writes add up (plays, artist totals, waveforms, renditions), and a generated track is
//! listed, found, shown with its Up Next, and streams the files of the real track it shares.

use serde_json::Value;

use crate::helpers::app::{TestApp, count, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::get;
use crate::helpers::media::{TrackForm, mp3, upload, wait_until_processed};

const TRACKS: i64 = 300;
const PLAYS: i64 = 1500;

/// One generated track: (id, title, artist, plays).
async fn most_played(app: &TestApp) -> (String, String, String, i64) {
    backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT id, title, artist, plays FROM tracks WHERE uploaded_by IN \
           (SELECT id FROM users WHERE email LIKE 'artist-%@scale.backbeat.local') \
         ORDER BY plays DESC, id LIMIT 1")
        .fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn seed_scale_writes_a_consistent_catalogue_that_lists_finds_shows_and_streams() {
    let app = spawn_app().await;
    let (_, token) = app.user("Uploader").await;
    let form = TrackForm {
        audio: Some(("real.mp3".into(), mp3(2.0))),
        ..TrackForm::new("The Real One", "Real Artist")
    };
    let real = upload(&app, &token, &form).await;
    let real_id = real["id"].as_str().unwrap().to_owned();
    assert_eq!(
        wait_until_processed(&app, &token, &real_id).await["status"],
        "ready"
    );

    let args = [
        "seed-scale",
        "--tracks",
        "300",
        "--artists",
        "20",
        "--listeners",
        "30",
        "--plays",
        "1500",
    ];
    let output = cli::backbeat(&app, &args, &[]).await;

    let printed = stdout(&output);
    assert!(
        printed.contains("20 artists, 30 listeners, 300 tracks, 1500 plays"),
        "{printed}"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM tracks").await, TRACKS + 1);
    assert!(
        backbeat::catalog::search::index::segments(&app.db)
            .await
            .unwrap()
            <= 1,
        "the search index is left in one segment"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history").await,
        PLAYS
    );
    let played = count(&app, "SELECT CAST(SUM(plays) AS BIGINT) FROM tracks").await;
    let counted = count(&app, "SELECT COUNT(*) FROM listening_history WHERE counted").await;
    assert_eq!(played, counted, "plays are the counted history");
    assert!(counted > PLAYS * 9 / 10, "{counted} of {PLAYS} counted");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM tracks t WHERE t.plays <> (SELECT COUNT(*) \
             FROM listening_history h WHERE h.track_id = t.id AND h.counted)"
        )
        .await,
        0,
        "each track's plays are its counted history"
    );
    assert_eq!(
        count(
            &app,
            "SELECT CAST(SUM(total_plays) AS BIGINT) FROM artist_totals"
        )
        .await,
        played
    );
    assert_eq!(
        count(
            &app,
            "SELECT CAST(SUM(track_count) AS BIGINT) FROM artist_totals"
        )
        .await,
        TRACKS + 1
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM track_waveforms").await,
        TRACKS + 1
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM tracks t WHERE NOT EXISTS \
             (SELECT 1 FROM renditions r WHERE r.track_id = t.id)"
        )
        .await,
        0
    );
    let loved = count(
        &app,
        "SELECT COUNT(*) FROM tracks WHERE title_lower LIKE '%love%'",
    )
    .await;
    assert!((50..=160).contains(&loved), "{loved} of 300 say love");
    assert!(count(&app, "SELECT COUNT(*) FROM liked_tracks").await > 0);
    assert!(count(&app, "SELECT COUNT(*) FROM follows").await > 0);

    // A generated listener signs in with the generated password.
    let session = app
        .sign_in(
            &backbeat::demo::scale::listener_email(3),
            backbeat::demo::scale::LISTENER_PASSWORD,
        )
        .await;
    let listener = session["access_token"].as_str().unwrap().to_owned();
    let (id, title, artist, plays) = most_played(&app).await;

    let listing = get(&app, "/tracks?limit=100", &listener).await;
    assert_eq!(listing["tracks"].as_array().unwrap().len(), 100);
    let path = format!(
        "/tracks?q={}",
        url::form_urlencoded::byte_serialize(title.as_bytes()).collect::<String>()
    );
    let found = get(&app, &path, &listener).await;
    let found: Vec<&Value> = found["tracks"].as_array().unwrap().iter().collect();
    assert!(
        found.iter().any(|track| track["id"] == id.as_str()),
        "{title} is found"
    );

    let page = get(&app, &format!("/tracks/{id}"), &listener).await;
    assert_eq!(page["plays"], plays);
    assert_eq!(page["waveform"].as_array().unwrap().len(), 800);
    let up_next = page["up_next"].as_array().unwrap();
    assert!(!up_next.is_empty() && up_next.len() <= 5, "{up_next:?}");
    assert!(up_next.iter().all(|t| t["artist"] == artist.as_str()
        || (t["album"] == page["album"] && !page["album"].is_null())));

    let artist_page = get(
        &app,
        &format!(
            "/artists/{}",
            url::form_urlencoded::byte_serialize(artist.as_bytes())
                .collect::<String>()
                .replace('+', "%20")
        ),
        &listener,
    )
    .await;
    let artist_plays: i64 = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT CAST(SUM(plays) AS BIGINT) FROM tracks WHERE artist = $1")
        .bind(&artist).fetch_one(pool).await.unwrap());
    assert_eq!(artist_page["total_plays"], artist_plays);
    assert_eq!(
        artist_page["tracks"][0]["plays"], plays,
        "its most played first"
    );

    let url = get(&app, &format!("/tracks/{id}/stream-url"), &listener).await;
    let streamed = app
        .client
        .get(app.url(url["url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(streamed.status(), 200);
    let bytes = streamed.bytes().await.unwrap();
    let key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = 'standard'")
        .bind(&real_id).fetch_one(pool).await.unwrap());
    let real_bytes = std::fs::read(app.data_dir.join("media").join(key)).unwrap();
    assert_eq!(
        bytes.as_ref(),
        real_bytes.as_slice(),
        "the real track's file"
    );
}
