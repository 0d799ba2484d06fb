//! Media on S3 (`BACKBEAT_MEDIA_URL=s3://bucket/prefix`), against an S3-protocol server on
//! loopback: tracks, renditions, covers, avatars, ad images and stems are stored in the bucket
//! and nowhere else, stream with the same ranges and validators as from a folder, or redirect to
//! presigned URLs; large files go up in parts; refused uploads leave nothing behind; and a local
//! library moves to the bucket with `backbeat media migrate`.

use backbeat::app::App;
use backbeat::config::{Config, MediaRedirect};
use backbeat::media::{MediaError, MediaKey};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, files_under, spawn_app_with};
use crate::helpers::automix::{FakeSeparator, wait_for_stems};
use crate::helpers::cli::{backbeat, stdout};
use crate::helpers::http::{Part, api, assert_api_error, get, header, multipart};
use crate::helpers::media::{TrackForm, png, post_track, upload, wait_until_processed, wav};
use crate::helpers::s3::S3Server;
use crate::helpers::seed::{Seed, add_ad, insert_track, set_plan};

/// The prefix of the app's objects in the test bucket.
const PREFIX: &str = "media";
/// The part size of multipart uploads (`media::parts::UPLOAD_PART`).
const PART: usize = 8 * 1024 * 1024;

async fn app_on(s3: &S3Server, customize: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_with(|config| {
        s3.configure(config, PREFIX);
        customize(config);
    })
    .await
}

/// A ready track uploaded by a new user; answers (track id, uploader token).
async fn ready_track(app: &TestApp, form: &TrackForm) -> (String, String) {
    let (_, token) = app.user("Uploader").await;
    let id = upload(app, &token, form).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let processed = wait_until_processed(app, &token, &id).await;
    assert_eq!(processed["status"], "ready", "{processed}");
    (id, token)
}

async fn stream_url(app: &TestApp, token: &str, id: &str) -> String {
    let response = api(app, Method::GET, &format!("/tracks/{id}/stream-url"), token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["url"].as_str().unwrap().to_owned()
}

/// The media key of a track's rendition of `quality`.
async fn rendition_key(app: &TestApp, id: &str, quality: &str) -> String {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = $2")
        .bind(id).bind(quality).fetch_one(pool).await.unwrap())
}

/// Nothing under the data directory's media folder: every object went to the bucket.
fn assert_no_local_media(app: &TestApp) {
    let files = files_under(&app.data_dir.join("media"));
    assert!(files.is_empty(), "media stored locally: {files:?}");
}

/// A stream URL answers `file` whole, each kind of range with exactly its bytes, and the
/// validators as from a local file.
async fn assert_streams_exactly(app: &TestApp, url: &str, file: &[u8], content_type: &str) {
    let size = file.len();
    let whole = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(whole.status(), 200);
    assert_eq!(header(&whole, "content-type"), content_type);
    assert_eq!(header(&whole, "content-length"), size.to_string());
    assert_eq!(header(&whole, "accept-ranges"), "bytes");
    let e_tag = header(&whole, "etag").to_owned();
    assert!(
        whole.bytes().await.unwrap() == file,
        "the whole file differs"
    );
    for (range, start, end) in [
        ("bytes=0-99", 0, 99),
        ("bytes=1000-", 1000, size - 1),
        ("bytes=-500", size - 500, size - 1),
        ("bytes=100-999999999", 100, size - 1),
    ] {
        let part = app
            .client
            .get(app.url(url))
            .header("range", range)
            .send()
            .await
            .unwrap();
        assert_eq!(part.status(), 206, "{range}");
        assert_eq!(
            header(&part, "content-range"),
            format!("bytes {start}-{end}/{size}")
        );
        assert_eq!(part.bytes().await.unwrap(), file[start..=end], "{range}");
    }
    let conditional = |name: &'static str, value: String| {
        app.client
            .get(app.url(url))
            .header("range", "bytes=5-9")
            .header(name, value)
            .send()
    };
    let same = conditional("if-range", e_tag.clone()).await.unwrap();
    let changed = conditional("if-range", "\"other\"".into()).await.unwrap();
    let cached = conditional("if-none-match", e_tag.clone()).await.unwrap();
    assert_eq!(same.status(), 206);
    assert_eq!(same.bytes().await.unwrap(), file[5..10]);
    assert_eq!(changed.status(), 200);
    assert!(changed.bytes().await.unwrap() == file);
    assert_eq!(cached.status(), 304);
    assert_eq!(header(&cached, "etag"), e_tag);
}

#[tokio::test]
async fn tracks_renditions_and_covers_live_in_the_bucket_and_stream_exactly() {
    let s3 = S3Server::start();
    let app = app_on(&s3, |_| {}).await;
    let form = TrackForm {
        audio: Some(("Café del Mar – Ñu 東京.wav".into(), wav(3.0))),
        cover: Some(("cover.png".into(), png(600, 600))),
        ..TrackForm::new("Sunset", "Ana")
    };

    let (id, token) = ready_track(&app, &form).await;

    assert_no_local_media(&app);
    let keys = s3.keys(PREFIX);
    let count = |folder: &str| keys.iter().filter(|k| k.starts_with(folder)).count();
    assert_eq!(
        (count("tracks/"), count("covers/"), count("renditions/")),
        (1, 2, 3),
        "{keys:?}"
    );
    let original = keys.iter().find(|k| k.starts_with("tracks/")).unwrap();
    assert!(
        original.ends_with("Café_del_Mar_–_Ñu_東京.wav"),
        "{original}"
    );
    assert!(s3.object(PREFIX, original) == form.audio.as_ref().unwrap().1);

    let standard = s3.object(PREFIX, &rendition_key(&app, &id, "standard").await);
    let url = stream_url(&app, &token, &id).await;
    assert_streams_exactly(&app, &url, &standard, "audio/mpeg").await;
    // The hot files serve the object from memory once loaded: the answers stay the same.
    assert_streams_exactly(&app, &url, &standard, "audio/mpeg").await;

    let track = get(&app, &format!("/tracks/{id}"), &token).await;
    let cover_url = track["cover_url"].as_str().unwrap();
    let cover = app.get(cover_url).await;
    assert_eq!(cover.status(), 200);
    assert_eq!(header(&cover, "content-type"), "image/jpeg");
    let key = cover_url.trim_start_matches("/media/");
    assert_eq!(cover.bytes().await.unwrap(), s3.object(PREFIX, key));
}

/// Uploads `image` as the user's avatar; answers their profile.
async fn upload_avatar(app: &TestApp, token: &str, image: Vec<u8>) -> Value {
    let (content_type, body) = multipart(&[Part::file("avatar", "me.png", "image/png", image)]);
    let response = api(app, Method::POST, "/me/avatar", token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn avatars_and_ad_images_are_served_from_the_bucket_and_replaced_avatars_deleted() {
    let s3 = S3Server::start();
    let app = app_on(&s3, |_| {}).await;
    let (_, token) = app.user("Ana").await;
    let first = upload_avatar(&app, &token, png(300, 300)).await;
    let second = upload_avatar(&app, &token, png(200, 200)).await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example").await;

    assert_no_local_media(&app);
    let (first, second) = (
        first["avatar_url"].as_str().unwrap(),
        second["avatar_url"].as_str().unwrap(),
    );
    let avatars: Vec<String> = s3
        .keys(PREFIX)
        .into_iter()
        .filter(|key| key.starts_with("avatars/"))
        .collect();
    assert_eq!(avatars, [second.trim_start_matches("/media/")]);
    let served = app.get(second).await;
    assert_eq!(served.status(), 200);
    // An opaque avatar is stored as a JPEG.
    assert!(second.ends_with(".jpg"), "{second}");
    assert_eq!(header(&served, "content-type"), "image/jpeg");
    assert_eq!(
        served.bytes().await.unwrap(),
        s3.object(PREFIX, &avatars[0])
    );
    assert_eq!(app.get(first).await.status(), 404, "the replaced avatar");
    let ad_image = s3
        .keys(PREFIX)
        .into_iter()
        .find(|key| key.starts_with(&format!("ads/{ad}/")))
        .expect("the ad's image is in the bucket");
    let served = app.get(&format!("/media/{ad_image}")).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.bytes().await.unwrap(), s3.object(PREFIX, &ad_image));
}

#[tokio::test]
async fn stems_are_separated_from_the_bucket_and_stream_from_it() {
    let s3 = S3Server::start();
    let fake = FakeSeparator::copying();
    let app = app_on(&s3, |config| config.automix.command = Some(fake.command())).await;
    let form = TrackForm {
        audio: Some(("duet.wav".into(), wav(3.0))),
        ..TrackForm::new("Duet", "Ana")
    };
    let (id, token) = ready_track(&app, &form).await;

    let started = api(&app, Method::POST, &format!("/tracks/{id}/stems"), &token)
        .send()
        .await
        .unwrap();
    assert_eq!(started.status(), 202);
    let stems = wait_for_stems(&app, &token, &id).await;

    assert_eq!(stems["status"], "ready", "{stems}");
    assert_no_local_media(&app);
    let vocals_key: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM stem_renditions \
         WHERE track_id = $1 AND stem = 'vocals' AND quality = 'standard'")
        .bind(&id).fetch_one(pool).await.unwrap());
    let vocals = s3.object(PREFIX, &vocals_key);
    assert_streams_exactly(
        &app,
        stems["vocals_url"].as_str().unwrap(),
        &vocals,
        "audio/mpeg",
    )
    .await;
}

#[tokio::test]
async fn a_file_larger_than_a_part_goes_up_in_parts_and_is_processed_from_the_bucket() {
    let s3 = S3Server::start();
    let app = app_on(&s3, |_| {}).await;
    let audio = wav(50.0);
    assert!(audio.len() > PART, "{} bytes fit in one part", audio.len());
    let form = TrackForm {
        audio: Some(("long take.wav".into(), audio.clone())),
        ..TrackForm::new("Long Take", "Ana")
    };

    let (id, _) = ready_track(&app, &form).await;

    let original: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT audio_key FROM tracks WHERE id = $1")
        .bind(&id).fetch_one(pool).await.unwrap());
    assert!(
        s3.object(PREFIX, &original) == audio,
        "the stored original differs"
    );
    // S3 tags an object assembled from parts `"<md5 of the parts' md5s>-<parts>"`.
    let stored = s3.store(PREFIX);
    let key = MediaKey::parse(&original).unwrap();
    let e_tag = stored.head(&key).await.unwrap().e_tag.unwrap();
    assert!(e_tag.trim_matches('"').ends_with("-2"), "{e_tag}");
    assert_eq!(s3.unfinished_uploads(), 0);
    assert_no_local_media(&app);
    let (listener_id, listener) = app.user("Listener").await;
    set_plan(&app, &listener_id, "premium").await;
    let flac = s3.object(PREFIX, &rendition_key(&app, &id, "lossless").await);
    let url = stream_url(&app, &listener, &id).await;
    assert_streams_exactly(&app, &url, &flac, "audio/flac").await;
}

#[tokio::test]
async fn an_upload_refused_after_storing_leaves_no_object_in_the_bucket() {
    let s3 = S3Server::start();
    let app = app_on(&s3, |_| {}).await;
    let (user_id, token) = app.user("Ana").await;
    for i in 0..50 {
        insert_track(&app, Seed::ready(&user_id, &format!("Old {i}"), "Ana")).await;
    }
    // Large enough to go up in parts, with its two covers: all stored, then refused by the
    // monthly limit in the transaction that would record them.
    let form = TrackForm {
        audio: Some(("long take.wav".into(), wav(50.0))),
        cover: Some(("cover.png".into(), png(400, 400))),
        ..TrackForm::new("One Too Many", "Ana")
    };

    let response = post_track(&app, &token, &form).await;

    assert_api_error(response, 403, "upload_limit_reached").await;
    assert_eq!(s3.keys(PREFIX), Vec::<String>::new());
    assert_eq!(s3.unfinished_uploads(), 0);
    assert!(files_under(&app.data_dir.join("tmp")).is_empty());
}

#[tokio::test]
async fn streams_redirect_to_presigned_urls_after_the_same_checks() {
    let s3 = S3Server::start();
    let app = app_on(&s3, |config| {
        config.media.redirect = MediaRedirect::Presigned
    })
    .await;
    let (id, token) = ready_track(&app, &TrackForm::new("Song", "Ana")).await;
    let file = s3.object(PREFIX, &rendition_key(&app, &id, "standard").await);
    let url = stream_url(&app, &token, &id).await;

    let redirect = app.client.get(app.url(&url)).send().await.unwrap();
    let head_redirect = app.client.head(app.url(&url)).send().await.unwrap();
    let tampered = app
        .client
        .get(app.url(&url.replace("q=standard", "q=lossless")))
        .send()
        .await
        .unwrap();
    let with_token = api(&app, Method::GET, &format!("/tracks/{id}/stream"), &token)
        .send()
        .await
        .unwrap();

    assert_eq!(redirect.status(), 307);
    assert_eq!(header(&redirect, "cache-control"), "no-store");
    let location = header(&redirect, "location").to_owned();
    assert!(
        location.starts_with(&format!("{}/backbeat-test/media/renditions/", s3.endpoint)),
        "{location}"
    );
    let presigned = url::Url::parse(&location).unwrap();
    let expires: u64 = presigned
        .query_pairs()
        .find(|(name, _)| name == "X-Amz-Expires")
        .unwrap()
        .1
        .parse()
        .unwrap();
    let exp: i64 = url::Url::parse(&app.url(&url))
        .unwrap()
        .query_pairs()
        .find(|(name, _)| name == "exp")
        .unwrap()
        .1
        .parse()
        .unwrap();
    let remaining = exp - chrono::Utc::now().timestamp();
    assert!(
        (remaining - 5..=remaining).contains(&(expires as i64)),
        "the presigned URL lasts {expires} s, the stream URL {remaining} s"
    );
    let part = app
        .client
        .get(&location)
        .header("range", "bytes=10-19")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), 206);
    assert_eq!(header(&part, "content-type"), "audio/mpeg");
    assert_eq!(part.bytes().await.unwrap(), file[10..20]);

    assert_eq!(head_redirect.status(), 307);
    let head = app
        .client
        .head(header(&head_redirect, "location"))
        .send()
        .await
        .unwrap();
    assert_eq!(head.status(), 200);
    assert_eq!(header(&head, "content-length"), file.len().to_string());

    assert!(tampered.headers().get("location").is_none());
    assert_api_error(tampered, 403, "invalid_signature").await;
    assert_eq!(with_token.status(), 307);
    let page = app.get("/").await;
    assert!(
        header(&page, "content-security-policy")
            .contains(&format!("media-src 'self' blob: {};", s3.endpoint)),
        "{}",
        header(&page, "content-security-policy")
    );
}

#[tokio::test]
async fn a_bucket_that_cannot_be_reached_stops_the_start() {
    let s3 = S3Server::start();
    let data_dir = tempfile::tempdir().unwrap();
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.path().to_owned(),
        ..Config::default()
    };
    s3.configure(&mut config, PREFIX);
    config.media.url = Some("s3://no-such-bucket/media".into());

    let err = match App::build(config.clone()).await {
        Ok(_) => panic!("the app started without its bucket"),
        Err(err) => format!("{err:#}"),
    };
    config.media.url = Some(s3.media_url(PREFIX));
    config.media.secret_access_key = Some("not-the-secret".into());
    let wrong_key = match App::build(config).await {
        Ok(_) => panic!("the app started with a wrong secret key"),
        Err(err) => format!("{err:#}"),
    };

    assert!(
        err.contains("cannot reach the media storage at s3://no-such-bucket/media"),
        "{err}"
    );
    assert!(
        wrong_key.contains("cannot reach the media storage"),
        "{wrong_key}"
    );
}

#[tokio::test]
async fn a_local_library_migrates_to_the_bucket_and_plays_back_unchanged() {
    let s3 = S3Server::start();
    let app = spawn_app_with(|_| {}).await;
    let form = TrackForm {
        audio: Some(("master.wav".into(), wav(3.0))),
        cover: Some(("cover.png".into(), png(500, 500))),
        ..TrackForm::new("Before", "Ana")
    };
    let (id, token) = ready_track(&app, &form).await;
    let url = stream_url(&app, &token, &id).await;
    let before = app.client.get(app.url(&url)).send().await.unwrap();
    let e_tag = header(&before, "etag").to_owned();
    let before = before.bytes().await.unwrap();
    let track = get(&app, &format!("/tracks/{id}"), &token).await;
    let cover_url = track["cover_url"].as_str().unwrap().to_owned();
    let cover = app.get(&cover_url).await.bytes().await.unwrap();
    let local = files_under(&app.data_dir.join("media")).len();
    // The bucket's settings, and the media still where the configuration says: local.
    let aws: Vec<(&str, String)> = s3
        .env("library")
        .into_iter()
        .filter(|(name, _)| name.starts_with("AWS_"))
        .collect();
    let aws: Vec<(&str, &str)> = aws.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let migrate = ["media", "migrate", "--to", "s3://backbeat-test/library"];

    let first = stdout(&backbeat(&app, &migrate, &aws).await);
    let tampered = s3.keys("library")[0].clone();
    let mut bytes = s3.object("library", &tampered);
    bytes[0] ^= 0xff;
    s3.overwrite("library", &tampered, &bytes);
    let again = stdout(&backbeat(&app, &migrate, &aws).await);
    let mut wrong_secret = aws.clone();
    wrong_secret.retain(|(name, _)| *name != "AWS_SECRET_ACCESS_KEY");
    wrong_secret.push(("AWS_SECRET_ACCESS_KEY", "not-the-secret"));
    let refused = backbeat(&app, &migrate, &wrong_secret).await;

    assert!(local >= 6, "{local} local objects");
    assert!(first.contains(&format!("objects:  {local} (")), "{first}");
    assert!(first.contains(&format!("copied:   {local}\n")), "{first}");
    assert!(first.contains(&format!("verified: {local} ")), "{first}");
    assert_eq!(s3.keys("library").len(), local);
    assert!(again.contains("copied:   1\n"), "{again}");
    assert!(
        again.contains(&format!("skipped:  {} ", local - 1)),
        "{again}"
    );
    assert!(again.contains(&format!("verified: {local} ")), "{again}");
    assert_ne!(
        s3.object("library", &tampered),
        bytes,
        "the damaged copy was kept"
    );
    assert!(!refused.status.success());
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains(&format!("{local} objects not verified")),
        "{message}"
    );

    // The operator switches BACKBEAT_MEDIA_URL; the local folder is gone.
    std::fs::rename(app.data_dir.join("media"), app.data_dir.join("media.old")).unwrap();
    let app = app.restart(|config| s3.configure(config, "library")).await;

    let after = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(after.status(), 200);
    assert_eq!(header(&after, "etag"), e_tag);
    assert!(
        after.bytes().await.unwrap() == before,
        "the track sounds different"
    );
    assert_eq!(app.get(&cover_url).await.bytes().await.unwrap(), cover);
    assert_no_local_media(&app);
}

#[tokio::test]
async fn the_bucket_never_overwrites_an_object_and_a_cut_off_upload_is_aborted() {
    let s3 = S3Server::start();
    let store = s3.store(PREFIX);
    let dir = tempfile::tempdir().unwrap();
    let large = dir.path().join("large.wav");
    std::fs::write(&large, vec![7u8; 5 * PART + 1]).unwrap();
    let small = MediaKey::parse("covers/u1/t1-256.jpg").unwrap();
    let parted = MediaKey::parse("tracks/u1/1_large.wav").unwrap();
    let cut_off = MediaKey::parse("tracks/u1/2_large.wav").unwrap();

    store.put_new(&small, "first".into()).await.unwrap();
    let again = store.put_new(&small, "second".into()).await;
    store.put_file_new(&parted, &large).await.unwrap();
    let parted_again = store.put_file_new(&parted, &large).await;
    {
        // Dropped as soon as the server writes anything for it (the upload's id or a part),
        // as when the request that stores it goes away: while the upload is being started,
        // while a part is on its way or while it finishes.
        let mut upload = std::pin::pin!(store.put_file_new(&cut_off, &large));
        while s3.parts_arriving() == 0 {
            tokio::select! {
                result = &mut upload => panic!("not cut off: {result:?}"),
                () = tokio::time::sleep(std::time::Duration::from_millis(1)) => {}
            }
        }
    }
    for _ in 0..3000 {
        if s3.unfinished_uploads() == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }

    assert!(
        matches!(again, Err(MediaError::AlreadyExists(_))),
        "{again:?}"
    );
    assert_eq!(s3.object(PREFIX, small.as_str()), b"first");
    assert!(matches!(parted_again, Err(MediaError::AlreadyExists(_))));
    assert_eq!(
        s3.unfinished_uploads(),
        0,
        "the cut-off upload was not aborted"
    );
    assert_eq!(
        s3.keys(PREFIX),
        [small.as_str(), parted.as_str()].map(String::from)
    );
    store.delete(&small).await.unwrap();
    store.delete(&small).await.unwrap();
    assert!(matches!(
        store.head(&small).await,
        Err(MediaError::NotFound(_))
    ));
}
