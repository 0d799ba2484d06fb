//! Streaming: signed URLs, the rendition each plan hears, and HTTP ranges.

use backbeat::plans::StreamQuality;
use backbeat::streaming::signature;
use serde_json::Value;

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{assert_api_error, header};
use crate::helpers::media::{TrackForm, upload, wait_until_processed, wav};
use crate::helpers::seed::{Seed, insert_track, set_plan};
use backbeat_core::ids::TrackId;

/// A ready track uploaded by a new user; answers (track id, uploader token).
async fn ready_track(app: &TestApp, form: TrackForm) -> (String, String) {
    let (_, token) = app.user("Uploader").await;
    let track = upload(app, &token, &form).await;
    let id = track["id"].as_str().unwrap().to_owned();
    let processed = wait_until_processed(app, &token, &id).await;
    assert_eq!(processed["status"], "ready", "{processed}");
    (id, token)
}

fn lossless_form() -> TrackForm {
    TrackForm {
        audio: Some(("master.wav".into(), wav(3.0))),
        ..TrackForm::new("Master", "Ana")
    }
}

async fn stream_url(app: &TestApp, token: &str, id: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/v1/tracks/{id}/stream-url")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    body
}

/// The bytes of a track's rendition of `quality`, read from the media folder.
async fn rendition(app: &TestApp, id: &str, quality: &str) -> Vec<u8> {
    let key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = $2")
        .bind(id).bind(quality).fetch_one(pool).await.unwrap());
    std::fs::read(app.data_dir.join("media").join(key)).unwrap()
}

async fn original(app: &TestApp, id: &str) -> Vec<u8> {
    let key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT audio_key FROM tracks WHERE id = $1")
        .bind(id).fetch_one(pool).await.unwrap());
    std::fs::read(app.data_dir.join("media").join(key)).unwrap()
}

/// A request to a stream URL, without a bearer token.
fn fetch(app: &TestApp, url: &str) -> reqwest::RequestBuilder {
    app.client.get(app.url(url))
}

#[tokio::test]
async fn a_free_listener_gets_a_signed_url_of_the_128_kbps_rendition() {
    let app = spawn_app().await;
    let (id, _) = ready_track(&app, lossless_form()).await;
    let (_, listener) = app.user("Listener").await;

    let signed = stream_url(&app, &listener, &id).await;
    let url = signed["url"].as_str().unwrap();
    let response = fetch(&app, url).send().await.unwrap();

    assert_eq!(signed["quality"], "standard");
    assert_eq!(signed["content_type"], "audio/mpeg");
    assert!(
        url.starts_with(&format!("/api/v1/tracks/{id}/stream?exp=")),
        "{url}"
    );
    assert!(!url.contains(&listener), "the URL holds the access token");
    let expires =
        chrono::DateTime::parse_from_rfc3339(signed["expires_at"].as_str().unwrap()).unwrap();
    let lifetime = expires.timestamp() - chrono::Utc::now().timestamp();
    assert!((14 * 60..=15 * 60).contains(&lifetime), "{lifetime}");
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "audio/mpeg");
    assert_eq!(header(&response, "accept-ranges"), "bytes");
    assert_eq!(header(&response, "cache-control"), "private, max-age=3600");
    assert!(header(&response, "etag").starts_with('"'));
    let expected = rendition(&app, &id, "standard").await;
    assert_eq!(
        header(&response, "content-length"),
        expected.len().to_string()
    );
    assert_eq!(response.bytes().await.unwrap(), expected);
}

#[tokio::test]
async fn each_plan_hears_its_rendition() {
    let app = spawn_app().await;
    let (lossless, _) = ready_track(&app, lossless_form()).await;
    let (lossy, _) = ready_track(&app, TrackForm::new("Demo", "Bo")).await;
    let (listener_id, listener) = app.user("Listener").await;

    set_plan(&app, &listener_id, "basic").await;
    let basic = stream_url(&app, &listener, &lossless).await;
    set_plan(&app, &listener_id, "premium").await;
    let premium = stream_url(&app, &listener, &lossless).await;
    let premium_of_lossy = stream_url(&app, &listener, &lossy).await;

    assert_eq!(basic["quality"], "high");
    let bytes = fetch(&app, basic["url"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(bytes, rendition(&app, &lossless, "high").await);

    assert_eq!(premium["quality"], "lossless");
    assert_eq!(premium["content_type"], "audio/flac");
    let response = fetch(&app, premium["url"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(header(&response, "content-type"), "audio/flac");
    assert_eq!(
        response.bytes().await.unwrap(),
        rendition(&app, &lossless, "lossless").await
    );

    assert_eq!(premium_of_lossy["quality"], "lossless");
    assert_eq!(premium_of_lossy["content_type"], "audio/mpeg");
    let bytes = fetch(&app, premium_of_lossy["url"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert_eq!(bytes, original(&app, &lossy).await);
}

#[tokio::test]
async fn ranges_are_answered_206_with_exactly_those_bytes() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, lossless_form()).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let file = rendition(&app, &id, "standard").await;
    let size = file.len();

    for (range, start, end) in [
        ("bytes=0-99", 0, 99),
        ("bytes=1000-", 1000, size - 1),
        ("bytes=-500", size - 500, size - 1),
        ("bytes=10-10", 10, 10),
        ("bytes=100-999999999", 100, size - 1),
        ("bytes=200-299, 400-499", 200, 299),
    ] {
        let response = fetch(&app, &url)
            .header("range", range)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 206, "{range}");
        assert_eq!(
            header(&response, "content-range"),
            format!("bytes {start}-{end}/{size}"),
            "{range}"
        );
        assert_eq!(
            header(&response, "content-length"),
            (end - start + 1).to_string()
        );
        assert_eq!(header(&response, "accept-ranges"), "bytes");
        assert_eq!(
            response.bytes().await.unwrap(),
            file[start..=end],
            "{range}"
        );
    }
}

#[tokio::test]
async fn a_range_past_the_end_is_416_with_the_size() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, TrackForm::new("Song", "Ana")).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let size = rendition(&app, &id, "standard").await.len();

    for range in [
        format!("bytes={size}-"),
        format!("bytes={}-{}", size + 10, size + 20),
        "bytes=-0".into(),
    ] {
        let response = fetch(&app, &url)
            .header("range", &range)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 416, "{range}");
        assert_eq!(
            header(&response, "content-range"),
            format!("bytes */{size}")
        );
    }
}

#[tokio::test]
async fn head_answers_the_headers_without_the_body() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, TrackForm::new("Song", "Ana")).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let size = rendition(&app, &id, "standard").await.len();

    let whole = app.client.head(app.url(&url)).send().await.unwrap();
    let part = app
        .client
        .head(app.url(&url))
        .header("range", "bytes=0-9")
        .send()
        .await
        .unwrap();

    assert_eq!(whole.status(), 200);
    assert_eq!(header(&whole, "content-length"), size.to_string());
    assert_eq!(header(&whole, "content-type"), "audio/mpeg");
    assert_eq!(header(&whole, "accept-ranges"), "bytes");
    assert!(whole.bytes().await.unwrap().is_empty());
    assert_eq!(part.status(), 206);
    assert_eq!(header(&part, "content-range"), format!("bytes 0-9/{size}"));
}

#[tokio::test]
async fn if_range_and_if_none_match_follow_the_etag() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, TrackForm::new("Song", "Ana")).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let file = rendition(&app, &id, "standard").await;
    let e_tag = header(&fetch(&app, &url).send().await.unwrap(), "etag").to_owned();

    let same = fetch(&app, &url)
        .header("range", "bytes=0-9")
        .header("if-range", &e_tag)
        .send()
        .await
        .unwrap();
    let changed = fetch(&app, &url)
        .header("range", "bytes=0-9")
        .header("if-range", "\"other\"")
        .send()
        .await
        .unwrap();
    let dated = fetch(&app, &url)
        .header("range", "bytes=0-9")
        .header("if-range", "Wed, 21 Oct 2015 07:28:00 GMT")
        .send()
        .await
        .unwrap();
    let cached = fetch(&app, &url)
        .header("if-none-match", &e_tag)
        .send()
        .await
        .unwrap();

    assert_eq!(same.status(), 206);
    assert_eq!(same.bytes().await.unwrap(), file[..10]);
    assert_eq!(changed.status(), 200);
    assert_eq!(changed.bytes().await.unwrap(), file);
    assert_eq!(dated.status(), 200);
    assert_eq!(cached.status(), 304);
    assert_eq!(header(&cached, "etag"), e_tag);
}

#[tokio::test]
async fn an_expired_or_altered_signature_is_forbidden() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, TrackForm::new("Song", "Ana")).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();
    let query: std::collections::HashMap<String, String> = url::Url::parse(&app.url(&url))
        .unwrap()
        .query_pairs()
        .into_owned()
        .collect();
    let (exp, sig) = (&query["exp"], &query["sig"]);
    let keys = app.auth.keys();
    let past = chrono::Utc::now().timestamp() - 1;
    let expired_sig = signature::sign(
        keys,
        &TrackId::from(id.as_str()),
        StreamQuality::Standard,
        past,
    );
    let later: i64 = exp.parse::<i64>().unwrap() + 3600;
    let base = format!("/api/v1/tracks/{id}/stream");

    for bad in [
        format!("{base}?exp={past}&q=standard&sig={expired_sig}"),
        format!("{base}?exp={later}&q=standard&sig={sig}"),
        format!("{base}?exp={exp}&q=lossless&sig={sig}"),
        format!("{base}?exp={exp}&q=standard&sig=AAAA{}", &sig[4..]),
        format!("{base}?exp={exp}&q=standard"),
        format!("{base}?exp=soon&q=standard&sig={sig}"),
        format!(
            "/api/v1/tracks/{}/stream?exp={exp}&q=standard&sig={sig}",
            uuid::Uuid::now_v7()
        ),
    ] {
        let response = fetch(&app, &bad).bearer_auth(&token).send().await.unwrap();
        let message = assert_api_error(response, 403, "invalid_signature").await;
        assert_eq!(message, "This stream link is invalid or has expired.");
    }
}

#[tokio::test]
async fn without_a_signature_the_bearer_token_and_plan_decide() {
    let app = spawn_app().await;
    let (id, _) = ready_track(&app, lossless_form()).await;
    let (listener_id, listener) = app.user("Listener").await;
    set_plan(&app, &listener_id, "premium").await;
    let path = format!("/api/v1/tracks/{id}/stream");

    let anonymous = fetch(&app, &path).send().await.unwrap();
    let signed_in = fetch(&app, &path)
        .bearer_auth(&listener)
        .send()
        .await
        .unwrap();

    assert_api_error(anonymous, 401, "unauthorized").await;
    assert_eq!(signed_in.status(), 200);
    assert_eq!(header(&signed_in, "content-type"), "audio/flac");
    assert_eq!(
        signed_in.bytes().await.unwrap(),
        rendition(&app, &id, "lossless").await
    );
}

#[tokio::test]
async fn audio_is_never_compressed() {
    let app = spawn_app().await;
    let (id, token) = ready_track(&app, lossless_form()).await;
    let url = stream_url(&app, &token, &id).await["url"]
        .as_str()
        .unwrap()
        .to_owned();

    let response = fetch(&app, &url)
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    assert!(response.headers().get("content-encoding").is_none());
}

#[tokio::test]
async fn a_track_that_is_not_ready_has_no_stream() {
    let app = spawn_app().await;
    let (uploader, token) = app.user("Ana").await;
    let (_, listener) = app.user("Bo").await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&uploader, "Soon", "Ana")
        },
    )
    .await;

    let own = app
        .client
        .get(app.url(&format!("/api/v1/tracks/{processing}/stream-url")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let own_stream = app
        .client
        .get(app.url(&format!("/api/v1/tracks/{processing}/stream")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let theirs = app
        .client
        .get(app.url(&format!("/api/v1/tracks/{processing}/stream-url")))
        .bearer_auth(&listener)
        .send()
        .await
        .unwrap();
    let unknown = app
        .client
        .get(app.url("/api/v1/tracks/nope/stream-url"))
        .bearer_auth(&listener)
        .send()
        .await
        .unwrap();

    assert_eq!(
        assert_api_error(own, 409, "not_ready").await,
        "This track is still processing."
    );
    assert_api_error(own_stream, 409, "not_ready").await;
    assert_eq!(
        assert_api_error(theirs, 404, "not_found").await,
        "Track Not Found"
    );
    assert_api_error(unknown, 404, "not_found").await;
}
