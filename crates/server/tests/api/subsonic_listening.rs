//! Listening through the Subsonic API: streams in the plan's quality with byte ranges, which
//! never count a play; scrobbles, which count once by the web's rules and pay the uploader 21
//! units; now playing in followers' friends activity; stars, playlists, the play queue and
//! cover art at the size asked.

use serde_json::json;

use crate::helpers::app::{TestApp, count, scalar, spawn_app};
use crate::helpers::http::get;
use crate::helpers::media::{TrackForm, png, upload, wait_until_processed};
use crate::helpers::payouts::balance_units;
use crate::helpers::seed::{Seed, follow, insert_track, set_plan};
use crate::helpers::subsonic::{ids, subsonic_user, with_query};

/// A processed upload (a two-second MP3 and a 600 px cover) by a new user: (track id, token).
async fn uploaded_track(app: &TestApp) -> (String, String) {
    let (_, token) = app.user("Uploader").await;
    let form = TrackForm {
        cover: Some(("cover.png".into(), png(600, 600))),
        ..TrackForm::new("Tune", "Ana")
    };
    let id = upload(app, &token, &form).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let processed = wait_until_processed(app, &token, &id).await;
    assert_eq!(processed["status"], "ready", "{processed}");
    (id, token)
}

async fn rendition(app: &TestApp, id: &str, quality: &str) -> Vec<u8> {
    let key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = $2")
        .bind(id).bind(quality).fetch_one(pool).await.unwrap());
    std::fs::read(app.data_dir.join("media").join(key)).unwrap()
}

async fn original_bytes(app: &TestApp, id: &str) -> Vec<u8> {
    let key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT audio_key FROM tracks WHERE id = $1")
        .bind(id).fetch_one(pool).await.unwrap());
    std::fs::read(app.data_dir.join("media").join(key)).unwrap()
}

#[tokio::test]
async fn a_subsonic_stream_serves_ranges_of_the_plans_rendition_and_counts_no_play() {
    let app = spawn_app().await;
    let (track, _) = uploaded_track(&app).await;
    let (listener, _, client) = subsonic_user(&app, "Bo").await;
    let standard = rendition(&app, &track, "standard").await;
    let high = rendition(&app, &track, "high").await;

    let range = app
        .client
        .get(with_query(
            &app,
            "/rest/stream.view",
            &[("apiKey", client.password.as_str()), ("id", track.as_str())],
        ))
        .header("range", "bytes=10-109")
        .send()
        .await
        .unwrap();
    assert_eq!(range.status(), 206);
    assert_eq!(
        range.bytes().await.unwrap().to_vec(),
        standard[10..110].to_vec()
    );

    set_plan(&app, &listener, "basic").await;
    let whole = client.raw(&app, "download", &[("id", &track)]).await;
    assert_eq!(
        whole.bytes().await.unwrap().to_vec(),
        high,
        "Basic hears 320 kbps"
    );
    let lowered = client
        .raw(&app, "stream", &[("id", &track), ("maxBitRate", "128")])
        .await;
    assert_eq!(
        lowered.bytes().await.unwrap().to_vec(),
        standard,
        "asked lower"
    );
    set_plan(&app, &listener, "premium").await;
    let song = client.ok(&app, "getSong", &[("id", &track)]).await;
    assert_eq!(
        song["song"]["suffix"], "mp3",
        "Premium hears the MP3 original"
    );
    let original = client.raw(&app, "stream", &[("id", &track)]).await;
    assert_eq!(
        original.bytes().await.unwrap().to_vec(),
        original_bytes(&app, &track).await
    );
    set_plan(&app, &listener, "free").await;
    let above_plan = client
        .raw(
            &app,
            "stream",
            &[("id", &track), ("maxBitRate", "320"), ("format", "mp3")],
        )
        .await;
    assert_eq!(
        above_plan.bytes().await.unwrap().to_vec(),
        standard,
        "never above the plan"
    );

    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history").await,
        0
    );
    assert_eq!(
        scalar(&app, "SELECT plays FROM tracks WHERE id = $1", &track).await,
        0
    );
    assert_eq!(client.error(&app, "stream", &[("id", "nope")]).await, 70);
}

#[tokio::test]
async fn a_scrobble_counts_the_play_once_and_pays_the_uploader_21_units() {
    let app = spawn_app().await;
    let (uploader, uploader_token) = app.user("Ana").await;
    let track = insert_track(&app, Seed::ready(&uploader, "Tune", "Ana")).await;
    let (listener, _, client) = subsonic_user(&app, "Bo").await;
    let (_, follower, follower_app) = subsonic_user(&app, "Cy").await;
    follow(&app, &follower, &listener).await;

    client
        .ok(&app, "scrobble", &[("id", &track), ("submission", "false")])
        .await;
    let activity = get(&app, "/me/activity/friends", &follower).await;
    assert_eq!(
        activity["items"][0]["track"]["id"],
        track.as_str(),
        "now playing"
    );
    let playing = follower_app.ok(&app, "getNowPlaying", &[]).await;
    assert_eq!(ids(&playing["nowPlaying"]["entry"]), [track.as_str()]);
    assert_eq!(playing["nowPlaying"]["entry"][0]["username"], "Bo");
    let own_playing = client.ok(&app, "getNowPlaying", &[]).await;
    assert_eq!(
        ids(&own_playing["nowPlaying"]["entry"]),
        [track.as_str()],
        "the user's own play is listed too"
    );
    assert_eq!(own_playing["nowPlaying"]["entry"][0]["username"], "Bo");
    assert_eq!(balance_units(&app, &uploader_token).await, 0);

    client
        .ok(&app, "scrobble", &[("id", &track), ("submission", "true")])
        .await;
    client.ok(&app, "scrobble", &[("id", &track)]).await;

    assert_eq!(balance_units(&app, &uploader_token).await, 21);
    assert_eq!(
        scalar(&app, "SELECT plays FROM tracks WHERE id = $1", &track).await,
        1
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history WHERE counted").await,
        1
    );
    let own = subsonic_user(&app, "Dee").await;
    assert_eq!(own.2.error(&app, "scrobble", &[]).await, 10);
    let history = count(&app, "SELECT COUNT(*) FROM listening_history").await;
    assert_eq!(
        client
            .error(&app, "scrobble", &[("id", &track), ("id", "nope")])
            .await,
        70
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history").await,
        history,
        "a bad id records nothing"
    );
    assert_eq!(balance_units(&app, &uploader_token).await, 21);
}

#[tokio::test]
async fn the_uploaders_own_scrobble_never_pays() {
    let app = spawn_app().await;
    let (uploader, token, client) = subsonic_user(&app, "Ana").await;
    let track = insert_track(&app, Seed::ready(&uploader, "Tune", "Ana")).await;

    client.ok(&app, "scrobble", &[("id", &track)]).await;

    assert_eq!(balance_units(&app, &token).await, 0);
    assert_eq!(
        scalar(&app, "SELECT plays FROM tracks WHERE id = $1", &track).await,
        0
    );
}

#[tokio::test]
async fn star_likes_songs_and_keeps_albums_and_artists() {
    let app = spawn_app().await;
    let (ana, token, client) = subsonic_user(&app, "Ana").await;
    let track = insert_track(
        &app,
        Seed {
            album: Some("First"),
            ..Seed::ready(&ana, "Tune", "Ana")
        },
    )
    .await;
    let song = client.ok(&app, "getSong", &[("id", &track)]).await;
    let album_id = song["song"]["albumId"].as_str().unwrap().to_owned();
    let artist_id = song["song"]["artistId"].as_str().unwrap().to_owned();

    client
        .ok(
            &app,
            "star",
            &[
                ("id", &track),
                ("albumId", &album_id),
                ("artistId", &artist_id),
            ],
        )
        .await;

    let likes = get(&app, "/me/likes", &token).await;
    assert_eq!(likes["tracks"][0]["id"], track.as_str(), "{likes}");
    let starred = client.ok(&app, "getStarred2", &[]).await;
    assert_eq!(ids(&starred["starred2"]["song"]), [track.as_str()]);
    assert_eq!(ids(&starred["starred2"]["album"]), [album_id.as_str()]);
    assert_eq!(ids(&starred["starred2"]["artist"]), [artist_id.as_str()]);
    assert_eq!(
        client.error(&app, "star", &[("id", "no-such-track")]).await,
        70
    );

    client
        .ok(&app, "unstar", &[("id", &track), ("albumId", &album_id)])
        .await;

    let starred = client.ok(&app, "getStarred2", &[]).await;
    assert_eq!(starred["starred2"]["song"], json!([]));
    assert_eq!(starred["starred2"]["album"], json!([]));
    assert_eq!(ids(&starred["starred2"]["artist"]), [artist_id]);
    client
        .ok(&app, "setRating", &[("id", &track), ("rating", "4")])
        .await;
    assert_eq!(
        client
            .error(&app, "setRating", &[("id", &track), ("rating", "9")])
            .await,
        0
    );
}

#[tokio::test]
async fn playlists_are_made_changed_and_deleted_by_their_owner_only() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let (_, _, other) = subsonic_user(&app, "Bo").await;
    let one = insert_track(&app, Seed::ready(&ana, "One", "Ana")).await;
    let two = insert_track(&app, Seed::ready(&ana, "Two", "Ana")).await;
    let three = insert_track(&app, Seed::ready(&ana, "Three", "Ana")).await;

    let created = client
        .ok(
            &app,
            "createPlaylist",
            &[("name", "Road"), ("songId", &one), ("songId", &two)],
        )
        .await;
    let id = created["playlist"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        ids(&created["playlist"]["entry"]),
        [one.clone(), two.clone()]
    );
    assert_eq!(
        client
            .error(
                &app,
                "createPlaylist",
                &[("name", "Bad"), ("songId", "nope")]
            )
            .await,
        70
    );
    assert_eq!(
        ids(&client.ok(&app, "getPlaylists", &[]).await["playlists"]["playlist"]),
        [id.as_str()]
    );

    client
        .ok(
            &app,
            "updatePlaylist",
            &[
                ("playlistId", &id),
                ("name", "Trip"),
                ("songIndexToRemove", "0"),
                ("songIdToAdd", &three),
            ],
        )
        .await;

    let read = client.ok(&app, "getPlaylist", &[("id", &id)]).await;
    assert_eq!(read["playlist"]["owner"], client.email.as_str());
    assert_eq!(read["playlist"]["name"], "Trip");
    assert_eq!(ids(&read["playlist"]["entry"]), [two, three]);
    assert_eq!(
        other
            .error(
                &app,
                "updatePlaylist",
                &[("playlistId", &id), ("name", "Mine")]
            )
            .await,
        70
    );
    assert_eq!(
        other.error(&app, "deletePlaylist", &[("id", &id)]).await,
        70
    );
    client.ok(&app, "deletePlaylist", &[("id", &id)]).await;
    assert_eq!(client.error(&app, "getPlaylist", &[("id", &id)]).await, 70);
}

#[tokio::test]
async fn the_play_queue_is_kept_per_user_and_a_bad_one_changes_nothing() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let (_, _, other) = subsonic_user(&app, "Bo").await;
    let one = insert_track(&app, Seed::ready(&ana, "One", "Ana")).await;
    let two = insert_track(&app, Seed::ready(&ana, "Two", "Ana")).await;

    client
        .ok(
            &app,
            "savePlayQueue",
            &[
                ("id", &one),
                ("id", &two),
                ("current", &two),
                ("position", "1234"),
            ],
        )
        .await;
    assert_eq!(
        client
            .error(&app, "savePlayQueue", &[("id", &one), ("id", "nope")])
            .await,
        70
    );

    let queue = client.ok(&app, "getPlayQueue", &[]).await;
    assert_eq!(
        ids(&queue["playQueue"]["entry"]),
        [one.clone(), two.clone()]
    );
    assert_eq!(queue["playQueue"]["current"], two.as_str());
    assert_eq!(queue["playQueue"]["position"], 1234);
    let by_index = client.ok(&app, "getPlayQueueByIndex", &[]).await;
    assert_eq!(by_index["playQueueByIndex"]["currentIndex"], 1);
    assert_eq!(
        other.ok(&app, "getPlayQueue", &[]).await.get("playQueue"),
        None
    );
}

#[tokio::test]
async fn cover_art_is_served_at_the_size_asked() {
    let app = spawn_app().await;
    let (track, _) = uploaded_track(&app).await;
    let (_, _, client) = subsonic_user(&app, "Bo").await;

    let mut sides = Vec::new();
    for size in [None, Some("64"), Some("300")] {
        let mut params = vec![("id", track.as_str())];
        if let Some(size) = size {
            params.push(("size", size));
        }
        let response = client.raw(&app, "getCoverArt", &params).await;
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("image/")
        );
        let bytes = response.bytes().await.unwrap();
        let image = image::load_from_memory(&bytes).unwrap();
        sides.push(image.width().max(image.height()));
    }

    assert_eq!(sides, [600, 64, 300]);
    let album = client.ok(&app, "getSong", &[("id", &track)]).await["song"]["albumId"].clone();
    let by_album = client
        .raw(
            &app,
            "getCoverArt",
            &[("id", album.as_str().unwrap()), ("size", "32")],
        )
        .await;
    assert_eq!(by_album.status(), 200);
    assert_eq!(
        client.error(&app, "getCoverArt", &[("id", "nope")]).await,
        70
    );
}
