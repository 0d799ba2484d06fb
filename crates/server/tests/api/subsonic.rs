//! The Subsonic API as apps speak it: the envelope in XML and JSON, always HTTP 200; sign-in
//! with an app password by token, plain or `enc:` password and apiKey, refused once revoked;
//! browsing artist -> album -> song; search, including the empty query's sync page by page.

use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::call_ok;
use crate::helpers::seed::{Seed, insert_track};
use crate::helpers::subsonic::{SubsonicApp, ids, subsonic_json, subsonic_user, with_query};

fn md5_hex(text: &str) -> String {
    use md5::{Digest, Md5};
    hex::encode(Md5::digest(text.as_bytes()))
}

async fn get(app: &TestApp, path: &str, query: &[(&str, &str)]) -> reqwest::Response {
    app.client
        .get(with_query(app, path, query))
        .send()
        .await
        .unwrap()
}

/// The error code of a JSON answer to `/rest/ping` with `query`.
async fn ping_error(app: &TestApp, query: &[(&str, &str)]) -> Value {
    let mut query = query.to_vec();
    query.push(("f", "json"));
    let body = subsonic_json(get(app, "/rest/ping", &query).await).await;
    body["error"]["code"].clone()
}

#[tokio::test]
async fn subsonic_answers_in_xml_by_default_and_in_json_when_asked() {
    let app = spawn_app().await;
    let (_, _, client) = subsonic_user(&app, "Ana").await;

    let xml = client.raw(&app, "ping.view", &[]).await;
    let json = client.ok(&app, "ping", &[]).await;
    let failed = get(
        &app,
        "/rest/ping",
        &[("u", "nobody@example.com"), ("p", "x")],
    )
    .await;

    assert_eq!(xml.status(), 200);
    assert!(
        xml.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    let text = xml.text().await.unwrap();
    assert!(text.contains("<subsonic-response xmlns=\"http://subsonic.org/restapi\" status=\"ok\" version=\"1.16.1\" type=\"backbeat\""), "{text}");
    assert!(text.contains("openSubsonic=\"true\""), "{text}");
    assert_eq!(json["version"], "1.16.1");
    assert_eq!(json["type"], "backbeat");
    assert_eq!(json["openSubsonic"], true);
    assert!(json["serverVersion"].is_string());
    assert_eq!(failed.status(), 200, "errors come with HTTP 200");
    let text = failed.text().await.unwrap();
    assert!(
        text.contains("status=\"failed\"") && text.contains("<error code=\"40\""),
        "{text}"
    );
}

#[tokio::test]
async fn subsonic_extensions_are_listed_without_signing_in() {
    let app = spawn_app().await;

    let body =
        subsonic_json(get(&app, "/rest/getOpenSubsonicExtensions", &[("f", "json")]).await).await;

    assert_eq!(body["status"], "ok");
    let names: Vec<&str> = body["openSubsonicExtensions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "apiKeyAuthentication",
            "formPost",
            "indexBasedQueue",
            "songLyrics"
        ]
    );
    assert_eq!(
        body["openSubsonicExtensions"][0]["versions"],
        serde_json::json!([1])
    );
}

#[tokio::test]
async fn subsonic_signs_in_with_an_app_password_by_token_plain_enc_and_api_key() {
    let app = spawn_app().await;
    let (_, _, client) = subsonic_user(&app, "Ana").await;
    let (email, password) = (client.email.as_str(), client.password.as_str());
    let token = md5_hex(&format!("{password}a1b2c3"));
    let enc = format!("enc:{}", hex::encode(password));
    let upper = email.to_uppercase();

    for query in [
        vec![("u", email), ("t", token.as_str()), ("s", "a1b2c3")],
        vec![("u", upper.as_str()), ("p", password)],
        vec![("u", email), ("p", enc.as_str())],
        vec![("apiKey", password)],
    ] {
        assert_eq!(ping_error(&app, &query).await, Value::Null, "{query:?}");
    }
    let form = app
        .client
        .post(app.url("/rest/ping.view"))
        .form(&[("u", email), ("p", password), ("f", "json")])
        .send()
        .await
        .unwrap();
    assert_eq!(subsonic_json(form).await["status"], "ok", "form POST");

    assert_eq!(ping_error(&app, &[("u", email), ("p", "wrong")]).await, 40);
    assert_eq!(
        ping_error(&app, &[("u", email), ("t", token.as_str()), ("s", "other")]).await,
        40
    );
    assert_eq!(
        ping_error(&app, &[("u", email), ("p", "correct horse battery")]).await,
        40
    );
    assert_eq!(
        ping_error(&app, &[("u", email), ("t", token.as_str())]).await,
        10
    );
    assert_eq!(ping_error(&app, &[("u", email)]).await, 10);
    assert_eq!(ping_error(&app, &[]).await, 10);
    assert_eq!(ping_error(&app, &[("apiKey", "nope")]).await, 44);
    assert_eq!(
        ping_error(&app, &[("apiKey", password), ("u", email)]).await,
        43
    );
}

#[tokio::test]
async fn a_revoked_app_password_is_refused_at_the_next_request() {
    let app = spawn_app().await;
    let (_, token, client) = subsonic_user(&app, "Ana").await;
    client.ok(&app, "ping", &[]).await;
    let list = call_ok(&app, Method::GET, "/me/app-passwords", &token, None, 200).await;
    let id = list["items"][0]["id"].as_str().unwrap();

    call_ok(
        &app,
        Method::DELETE,
        &format!("/me/app-passwords/{id}"),
        &token,
        None,
        204,
    )
    .await;

    assert_eq!(client.error(&app, "ping", &[]).await, 44);
    let plain = [
        ("u", client.email.as_str()),
        ("p", client.password.as_str()),
    ];
    assert_eq!(ping_error(&app, &plain).await, 40);
}

#[tokio::test]
async fn subsonic_browses_artist_then_album_then_song() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let first = insert_track(
        &app,
        Seed {
            album: Some("First"),
            ..Seed::ready(&ana, "One", "Ana Band")
        },
    )
    .await;
    insert_track(
        &app,
        Seed {
            album: Some("First"),
            ..Seed::ready(&ana, "Two", "Ana Band")
        },
    )
    .await;
    let single = insert_track(&app, Seed::ready(&ana, "Alone", "Ana Band")).await;
    insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Hidden", "Nobody Yet")
        },
    )
    .await;

    let artists = client.ok(&app, "getArtists", &[]).await;
    let index = &artists["artists"]["index"];
    assert_eq!(index.as_array().unwrap().len(), 1, "{artists}");
    assert_eq!(index[0]["name"], "A");
    let artist = &index[0]["artist"][0];
    assert_eq!(artist["name"], "Ana Band");
    assert_eq!(artist["albumCount"], 2);
    let artist_id = artist["id"].as_str().unwrap();

    let albums = client.ok(&app, "getArtist", &[("id", artist_id)]).await;
    let names: Vec<&str> = albums["artist"]["album"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"First") && names.contains(&"Singles"),
        "{albums}"
    );
    let album = albums["artist"]["album"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "First")
        .unwrap();
    assert_eq!(album["songCount"], 2);

    let songs = client
        .ok(&app, "getAlbum", &[("id", album["id"].as_str().unwrap())])
        .await;
    assert_eq!(ids(&songs["album"]["song"])[0], first);
    assert_eq!(songs["album"]["song"][0]["albumId"], album["id"]);
    assert_eq!(
        songs["album"]["song"][0]["suffix"], "mp3",
        "the free plan's rendition"
    );
    assert_eq!(songs["album"]["song"][0]["bitRate"], 128);

    let info = client
        .ok(&app, "getArtistInfo2", &[("id", artist_id)])
        .await;
    assert!(info["artistInfo2"].is_object(), "{info}");
    let song = client.ok(&app, "getSong", &[("id", &single)]).await;
    assert_eq!(song["song"]["album"], "Singles");
    let folder = client
        .ok(&app, "getMusicDirectory", &[("id", artist_id)])
        .await;
    assert_eq!(folder["directory"]["child"].as_array().unwrap().len(), 2);
    assert_eq!(
        client
            .error(&app, "getSong", &[("id", "no-such-track")])
            .await,
        70
    );
    assert_eq!(client.error(&app, "getAlbum", &[]).await, 10);
}

/// Every song of `search3` with an empty query, `size` at a time.
async fn synced(app: &TestApp, client: &SubsonicApp, size: usize) -> Vec<String> {
    let mut all = Vec::new();
    loop {
        let offset = all.len().to_string();
        let count = size.to_string();
        let page = client
            .ok(
                app,
                "search3",
                &[
                    ("query", "\"\""),
                    ("songCount", &count),
                    ("songOffset", &offset),
                    ("artistCount", "0"),
                    ("albumCount", "0"),
                ],
            )
            .await;
        let songs = ids(&page["searchResult3"]["song"]);
        let done = songs.len() < size;
        all.extend(songs);
        if done {
            return all;
        }
    }
}

#[tokio::test]
async fn an_empty_search_lists_every_song_page_by_page_in_a_stable_order() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let mut uploaded = Vec::new();
    for n in 0..7 {
        let title = format!("Song {n}");
        uploaded.push(insert_track(&app, Seed::ready(&ana, &title, "Ana")).await);
    }
    insert_track(
        &app,
        Seed {
            status: "failed",
            ..Seed::ready(&ana, "Broken", "Ana")
        },
    )
    .await;

    let first = synced(&app, &client, 3).await;
    let again = synced(&app, &client, 2).await;

    assert_eq!(first, uploaded);
    assert_eq!(again, uploaded);
}

#[tokio::test]
async fn a_page_of_the_empty_search_asked_by_its_offset_alone_is_the_same_page() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let mut uploaded = Vec::new();
    for n in 0..7 {
        let title = format!("Song {n}");
        uploaded.push(insert_track(&app, Seed::ready(&ana, &title, "Ana")).await);
    }
    insert_track(
        &app,
        Seed {
            status: "failed",
            ..Seed::ready(&ana, "Broken", "Ana")
        },
    )
    .await;

    // No page asked before ended at any of these offsets: each is counted from the start.
    for (offset, expected) in [
        (5, &uploaded[5..7]),
        (1, &uploaded[1..3]),
        (4, &uploaded[4..6]),
        (0, &uploaded[0..2]),
        (9, &uploaded[7..]),
    ] {
        let offset_text = offset.to_string();
        let page = client
            .ok(
                &app,
                "search3",
                &[
                    ("query", "\"\""),
                    ("songCount", "2"),
                    ("songOffset", &offset_text),
                    ("artistCount", "0"),
                    ("albumCount", "0"),
                ],
            )
            .await;
        assert_eq!(
            ids(&page["searchResult3"]["song"]),
            expected,
            "offset {offset}"
        );
    }
}

#[tokio::test]
async fn search3_finds_songs_artists_and_albums_as_the_web_search_does() {
    let app = spawn_app().await;
    let (ana, _, client) = subsonic_user(&app, "Ana").await;
    let love = insert_track(
        &app,
        Seed {
            album: Some("Lovers"),
            ..Seed::ready(&ana, "Love Song", "Lovely Ana")
        },
    )
    .await;
    insert_track(&app, Seed::ready(&ana, "Other", "Bo")).await;

    let found = client.ok(&app, "search3", &[("query", "love")]).await;

    let result = &found["searchResult3"];
    assert_eq!(ids(&result["song"]), [love]);
    assert_eq!(result["artist"][0]["name"], "Lovely Ana");
    assert_eq!(result["album"][0]["name"], "Lovers");
    assert_eq!(result["album"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn endpoints_backbeat_has_no_concept_for_answer_an_error_not_a_failure() {
    let app = spawn_app().await;
    let (_, _, client) = subsonic_user(&app, "Ana").await;

    for endpoint in [
        "getPodcasts",
        "getInternetRadioStations",
        "jukeboxControl",
        "createShare",
        "createUser",
        "noSuchThing",
    ] {
        assert_eq!(client.error(&app, endpoint, &[]).await, 0, "{endpoint}");
    }
    let lyrics = client.ok(&app, "getLyricsBySongId", &[("id", "x")]).await;
    assert_eq!(
        lyrics["lyricsList"]["structuredLyrics"],
        serde_json::json!([])
    );
    let scan = client.ok(&app, "getScanStatus", &[]).await;
    assert_eq!(scan["scanStatus"]["scanning"], false);
    let user = client
        .ok(&app, "getUser", &[("username", &client.email)])
        .await;
    assert_eq!(user["user"]["streamRole"], true);
    assert_eq!(user["user"]["adminRole"], false);
    assert_eq!(user["user"]["maxBitRate"], 128);
}
