//! `POST /api/v1/tracks`: checks by content, limits while reading, the monthly limit under
//! concurrency, safe stored names, and processing to ready. Every refused upload leaves
//! nothing behind: no track row, no job, no media file, no temporary file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use backbeat::audio::synth;
use backbeat::db::Timestamp;
use serde_json::Value;

use crate::helpers::{TestApp, assert_api_error, spawn_app};

// ---- shared with the other catalog tests

/// One part of a multipart body.
pub struct Part {
    pub name: String,
    pub file_name: Option<String>,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// A multipart body written out by hand, so tests control every byte (file names included).
pub fn multipart(parts: &[Part]) -> (String, Vec<u8>) {
    let boundary = "backbeat-upload-3c9e1a";
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match &part.file_name {
            Some(file_name) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{}\"; filename=\"{file_name}\"\r\n",
                    part.name
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{}\"\r\n", part.name).as_bytes(),
            ),
        }
        body.extend_from_slice(format!("Content-Type: {}\r\n\r\n", part.content_type).as_bytes());
        body.extend_from_slice(&part.bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// The fields of an upload form; `None` leaves a field out.
#[derive(Clone, Debug, Default)]
pub struct TrackForm {
    pub audio: Option<(String, Vec<u8>)>,
    pub cover: Option<(String, Vec<u8>)>,
    pub title: Option<String>,
    pub artist: Option<String>,
    pub album: Option<String>,
    pub genre: Option<String>,
}

impl TrackForm {
    /// A complete form with a two-second MP3.
    pub fn new(title: &str, artist: &str) -> Self {
        Self {
            audio: Some(("song.mp3".into(), mp3(2.0))),
            title: Some(title.into()),
            artist: Some(artist.into()),
            ..Self::default()
        }
    }

    fn parts(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        if let Some((name, bytes)) = &self.audio {
            parts.push(Part {
                name: "audio".into(),
                file_name: Some(name.clone()),
                content_type: "audio/mpeg",
                bytes: bytes.clone(),
            });
        }
        if let Some((name, bytes)) = &self.cover {
            parts.push(Part {
                name: "cover".into(),
                file_name: Some(name.clone()),
                content_type: "image/png",
                bytes: bytes.clone(),
            });
        }
        for (name, value) in [
            ("title", &self.title),
            ("artist", &self.artist),
            ("album", &self.album),
            ("genre", &self.genre),
        ] {
            if let Some(value) = value {
                parts.push(Part {
                    name: name.into(),
                    file_name: None,
                    content_type: "text/plain; charset=utf-8",
                    bytes: value.as_bytes().to_vec(),
                });
            }
        }
        parts
    }
}

pub async fn post_track(app: &TestApp, token: &str, form: &TrackForm) -> reqwest::Response {
    let (content_type, body) = multipart(&form.parts());
    app.client
        .post(app.url("/api/v1/tracks"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .expect("upload sent")
}

/// Uploads a form that must be accepted; answers the new track.
pub async fn upload(app: &TestApp, token: &str, form: &TrackForm) -> Value {
    let response = post_track(app, token, form).await;
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body
}

/// Polls the track until it is no longer processing; answers its detail.
pub async fn wait_until_processed(app: &TestApp, token: &str, id: &str) -> Value {
    for _ in 0..600 {
        let track: Value = app
            .client
            .get(app.url(&format!("/api/v1/tracks/{id}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if track["status"] != "processing" {
            return track;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("track {id} is still processing after a minute");
}

fn generated(extension: &str, write: impl FnOnce(&Path) -> std::io::Result<()>) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("audio.{extension}"));
    write(&path).unwrap();
    std::fs::read(path).unwrap()
}

pub fn mp3(seconds: f32) -> Vec<u8> {
    generated("mp3", |p| {
        synth::write_mp3(p, seconds, 44_100, 2, 128, synth::phrase())
    })
}

pub fn wav(seconds: f32) -> Vec<u8> {
    generated("wav", |p| {
        synth::write_wav(p, seconds, 44_100, 2, synth::phrase())
    })
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// Every file under `dir` (none when it does not exist).
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

pub async fn count(app: &TestApp, sql: &'static str) -> i64 {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap())
}

/// No track row, no job, no stored audio or cover, no temporary file.
pub async fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM tracks").await,
        0,
        "track rows"
    );
    assert_eq!(count(app, "SELECT COUNT(*) FROM jobs").await, 0, "jobs");
    for dir in ["media/tracks", "media/covers", "tmp"] {
        let files = files_under(&app.data_dir.join(dir));
        assert!(files.is_empty(), "files left under {dir}: {files:?}");
    }
}

/// Ready tracks stored directly (no audio), for tests of limits and lists.
pub struct Seed<'a> {
    pub uploaded_by: &'a str,
    pub title: &'a str,
    pub artist: &'a str,
    pub album: Option<&'a str>,
    pub genre: Option<&'a str>,
    pub status: &'a str,
    pub plays: i64,
    pub verified: bool,
    pub created_at: Timestamp,
}

impl<'a> Seed<'a> {
    pub fn ready(uploaded_by: &'a str, title: &'a str, artist: &'a str) -> Self {
        Self {
            uploaded_by,
            title,
            artist,
            album: None,
            genre: None,
            status: "ready",
            plays: 0,
            verified: false,
            created_at: Timestamp::now(),
        }
    }
}

/// Inserts a track row as the upload would (search keys lowercased the same way); answers
/// its id.
pub async fn insert_track(app: &TestApp, seed: Seed<'_>) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    let search_text = [Some(seed.title), Some(seed.artist), seed.album, seed.genre]
        .into_iter()
        .flatten()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("\u{1f}");
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "INSERT INTO tracks (id, uploaded_by, title, artist, album, genre, title_lower, \
            artist_lower, search_text, duration_secs, plays, verified, status, audio_key, \
            audio_content_type, audio_size_bytes, lossless_source, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 180, $10, $11, $12, $13, 'audio/mpeg', 1, \
            FALSE, $14, $14)")
        .bind(&id).bind(seed.uploaded_by).bind(seed.title).bind(seed.artist)
        .bind(seed.album).bind(seed.genre).bind(seed.title.to_lowercase())
        .bind(seed.artist.to_lowercase()).bind(search_text).bind(seed.plays)
        .bind(seed.verified).bind(seed.status).bind(format!("tracks/{}/seed_{id}.mp3", seed.uploaded_by))
        .bind(seed.created_at)
        .execute(pool).await.map(drop).unwrap());
    id
}

pub async fn set_plan(app: &TestApp, user_id: &str, plan: &str) {
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE profiles SET subscription_plan = $2 WHERE id = $1")
        .bind(user_id).bind(plan).execute(pool).await.map(drop).unwrap());
}

async fn audio_key(app: &TestApp, track_id: &str) -> String {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar("SELECT audio_key FROM tracks WHERE id = $1")
        .bind(track_id).fetch_one(pool).await.unwrap())
}

// ---- good uploads

#[tokio::test]
async fn an_uploaded_mp3_starts_processing_and_becomes_ready_with_two_renditions() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana Lima").await;
    let form = TrackForm {
        album: Some("  First Light ".into()),
        genre: Some("Jazz".into()),
        ..TrackForm::new("  Morning Song ", "Ana Lima")
    };

    let track = upload(&app, &token, &form).await;

    assert_eq!(track["status"], "processing");
    assert_eq!(track["title"], "Morning Song");
    assert_eq!(track["album"], "First Light");
    assert_eq!(track["genre"], "Jazz");
    assert_eq!(track["duration"], 2);
    assert_eq!(track["plays"], 0);
    assert_eq!(track["verified"], false);
    assert_eq!(track["uploaded_by"], user_id.as_str());
    assert_eq!(track["cover_url"], Value::Null);
    let id = track["id"].as_str().unwrap();

    let processed = wait_until_processed(&app, &token, id).await;

    assert_eq!(processed["status"], "ready", "{processed}");
    assert_eq!(processed["failure_reason"], Value::Null);
    assert_eq!(processed["waveform"].as_array().unwrap().len(), 800);
    assert!(processed["loudness_lufs"].as_f64().unwrap() < 0.0);
    assert_eq!(processed["uploader"]["name"], "Ana Lima");
    let qualities: Vec<String> = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT quality FROM renditions WHERE track_id = $1 ORDER BY quality")
        .bind(id).fetch_all(pool).await.unwrap());
    assert_eq!(qualities, ["high", "standard"]);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM jobs WHERE status = 'done'").await,
        1
    );
    assert!(files_under(&app.data_dir.join("tmp")).is_empty());
}

#[tokio::test]
async fn a_lossless_upload_also_gets_a_flac_rendition() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some(("take.wav".into(), wav(2.0))),
        ..TrackForm::new("Take", "Ana")
    };

    let track = upload(&app, &token, &form).await;
    let processed = wait_until_processed(&app, &token, track["id"].as_str().unwrap()).await;

    assert_eq!(processed["status"], "ready");
    let renditions: Vec<(String, String)> = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT quality, content_type FROM renditions WHERE track_id = $1 ORDER BY quality")
        .bind(track["id"].as_str().unwrap()).fetch_all(pool).await.unwrap());
    assert_eq!(
        renditions,
        [
            ("high".to_owned(), "audio/mpeg".to_owned()),
            ("lossless".to_owned(), "audio/flac".to_owned()),
            ("standard".to_owned(), "audio/mpeg".to_owned()),
        ]
    );
}

#[tokio::test]
async fn the_original_is_stored_under_the_uploader_with_a_timestamp_and_underscores() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some(("My  first\tsong.mp3".into(), mp3(1.0))),
        ..TrackForm::new("First", "Ana")
    };

    let track = upload(&app, &token, &form).await;

    let key = audio_key(&app, track["id"].as_str().unwrap()).await;
    let name = key
        .strip_prefix(&format!("tracks/{user_id}/"))
        .unwrap_or_else(|| panic!("{key}"));
    let (millis, file) = name.split_once('_').unwrap();
    assert!(millis.chars().all(|c| c.is_ascii_digit()), "{key}");
    assert_eq!(file, "My_first_song.mp3");
    assert!(app.data_dir.join("media").join(&key).is_file());
}

#[tokio::test]
async fn a_path_traversal_file_name_is_stored_under_its_base_name() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some(("../../../x.mp3".into(), mp3(1.0))),
        ..TrackForm::new("Escape", "Ana")
    };

    let track = upload(&app, &token, &form).await;

    let key = audio_key(&app, track["id"].as_str().unwrap()).await;
    assert!(key.starts_with(&format!("tracks/{user_id}/")), "{key}");
    assert!(key.ends_with("_x.mp3"), "{key}");
    // Processing writes renditions in a scratch folder first; look once it is done.
    wait_until_processed(&app, &token, track["id"].as_str().unwrap()).await;
    let stored = files_under(&app.data_dir);
    let audio: Vec<_> = stored
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "mp3"))
        .filter(|p| !p.starts_with(app.data_dir.join("media/renditions")))
        .collect();
    assert_eq!(audio, [&app.data_dir.join("media").join(&key)]);
}

#[tokio::test]
async fn a_unicode_file_name_is_kept() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some(("Die Ärzte – Schrei 東京.mp3".into(), mp3(1.0))),
        ..TrackForm::new("Schrei", "Die Ärzte")
    };

    let track = upload(&app, &token, &form).await;

    let key = audio_key(&app, track["id"].as_str().unwrap()).await;
    assert!(key.ends_with("_Die_Ärzte_–_Schrei_東京.mp3"), "{key}");
    assert!(app.data_dir.join("media").join(&key).is_file());
}

#[tokio::test]
async fn a_cover_is_stored_at_list_and_page_size_and_served_publicly() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let form = TrackForm {
        cover: Some(("cover.png".into(), png(1400, 1200))),
        ..TrackForm::new("With Cover", "Ana")
    };

    let track = upload(&app, &token, &form).await;

    for (field, side) in [("cover_url", 256), ("cover_large_url", 1024)] {
        let url = track[field].as_str().unwrap();
        assert!(url.starts_with("/media/covers/"), "{url}");
        let response = app.get(url).await;
        assert_eq!(response.status(), 200, "{url}");
        assert_eq!(response.headers()["content-type"], "image/jpeg");
        assert!(
            response.headers()["cache-control"]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        let image = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        assert_eq!((image.width(), image.height()), (side, side));
    }
}

// ---- refused uploads

/// Posts `form`, expects `status` with `message`, and that nothing was stored.
async fn refused(form: TrackForm, status: u16, message: &str) {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;

    let response = post_track(&app, &token, &form).await;

    assert_eq!(response.status().as_u16(), status);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], message, "{body}");
    assert!(body["code"].is_string(), "{body}");
    assert_nothing_stored(&app).await;
}

#[tokio::test]
async fn a_text_file_named_mp3_is_not_audio() {
    let form = TrackForm {
        audio: Some((
            "song.mp3".into(),
            b"just some text, not a song\n".repeat(100),
        )),
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 422, "Please select an audio file.").await;
}

#[tokio::test]
async fn a_truncated_mp3_does_not_load() {
    let mut bytes = mp3(3.0);
    bytes.truncate(bytes.len() / 2);
    let form = TrackForm {
        audio: Some(("song.mp3".into(), bytes)),
        ..TrackForm::new("Song", "Ana")
    };
    refused(
        form,
        422,
        "Failed to load audio file. Please try another file.",
    )
    .await;
}

#[tokio::test]
async fn an_empty_file_is_not_audio() {
    let form = TrackForm {
        audio: Some(("song.mp3".into(), Vec::new())),
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 422, "Please select an audio file.").await;
}

#[tokio::test]
async fn audio_over_50_mb_is_refused_while_reading() {
    let form = TrackForm {
        audio: Some(("big.wav".into(), vec![0x55; 50 * 1024 * 1024 + 1])),
        ..TrackForm::new("Big", "Ana")
    };
    refused(form, 413, "Audio file must be less than 50MB.").await;
}

#[tokio::test]
async fn an_image_named_wav_is_not_audio() {
    let form = TrackForm {
        audio: Some(("song.wav".into(), png(64, 64))),
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 422, "Please select an audio file.").await;
}

#[tokio::test]
async fn audio_given_as_the_cover_is_not_an_image() {
    let form = TrackForm {
        cover: Some(("cover.png".into(), mp3(1.0))),
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 422, "Please select an image file.").await;
}

#[tokio::test]
async fn a_cover_over_5_mb_is_refused() {
    let form = TrackForm {
        cover: Some(("cover.png".into(), vec![0x89; 5 * 1024 * 1024 + 1])),
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 413, "Cover image must be less than 5MB.").await;
}

#[tokio::test]
async fn an_upload_without_audio_asks_for_it() {
    let form = TrackForm {
        audio: None,
        ..TrackForm::new("Song", "Ana")
    };
    refused(form, 422, "Please select an audio file.").await;
}

#[tokio::test]
async fn an_upload_without_a_title_asks_for_one() {
    refused(
        TrackForm {
            title: None,
            ..TrackForm::new("", "Ana")
        },
        422,
        "Please enter a title.",
    )
    .await;
    refused(TrackForm::new(" \t ", "Ana"), 422, "Please enter a title.").await;
}

#[tokio::test]
async fn an_upload_without_an_artist_asks_for_one() {
    refused(
        TrackForm {
            artist: None,
            ..TrackForm::new("Song", "")
        },
        422,
        "Please enter an artist name.",
    )
    .await;
    refused(
        TrackForm::new("Song", "   "),
        422,
        "Please enter an artist name.",
    )
    .await;
}

#[tokio::test]
async fn the_checks_run_in_the_upload_pages_order() {
    // No audio and no title: the audio is asked for first; then the title before the artist.
    refused(TrackForm::default(), 422, "Please select an audio file.").await;
    refused(
        TrackForm {
            title: None,
            artist: None,
            ..TrackForm::new("", "")
        },
        422,
        "Please enter a title.",
    )
    .await;
}

#[tokio::test]
async fn an_upload_needs_a_signed_in_user() {
    let app = spawn_app().await;
    let (content_type, body) = multipart(&TrackForm::new("Song", "Ana").parts());

    let response = app
        .client
        .post(app.url("/api/v1/tracks"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap();

    assert_api_error(response, 401, "unauthorized").await;
    assert_nothing_stored(&app).await;
}

// ---- the monthly limit

#[tokio::test]
async fn concurrent_uploads_at_the_limit_never_pass_it() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    for i in 0..48 {
        let title = format!("Old {i}");
        insert_track(&app, Seed::ready(&user_id, &title, "Ana")).await;
    }
    let form = TrackForm::new("One more", "Ana");

    let responses =
        futures_util::future::join_all((0..6).map(|_| post_track(&app, &token, &form))).await;

    let mut accepted = 0;
    for response in responses {
        match response.status().as_u16() {
            201 => accepted += 1,
            403 => {
                let message = assert_api_error(response, 403, "upload_limit_reached").await;
                assert_eq!(
                    message,
                    "You have reached your monthly upload limit. Upgrade your plan to upload more tracks."
                );
            }
            other => panic!("unexpected status {other}"),
        }
    }
    assert_eq!(accepted, 2);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM tracks").await, 50);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM jobs").await, 2);
    assert_eq!(files_under(&app.data_dir.join("media/tracks")).len(), 2);
    let uploads_left = files_under(&app.data_dir.join("tmp"))
        .into_iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("upload-"))
        })
        .count();
    assert_eq!(uploads_left, 0);
}

#[tokio::test]
async fn the_limit_counts_this_calendar_month_and_follows_the_plan() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    let last_month =
        backbeat::catalog::service::month_start(Timestamp::now()) - chrono::Duration::seconds(1);
    insert_track(
        &app,
        Seed {
            created_at: last_month,
            ..Seed::ready(&user_id, "Old", "Ana")
        },
    )
    .await;
    insert_track(&app, Seed::ready(&user_id, "New", "Ana")).await;
    let limit = |token: String| {
        let app = &app;
        async move {
            let response = app
                .client
                .get(app.url("/api/v1/me/upload-limit"))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()
        }
    };

    let free = limit(token.clone()).await;
    set_plan(&app, &user_id, "basic").await;
    let basic = limit(token.clone()).await;
    set_plan(&app, &user_id, "premium").await;
    let premium = limit(token.clone()).await;

    assert_eq!(free["used"], 1);
    assert_eq!(free["limit"], 50);
    assert_eq!(free["plan"], "free");
    let resets = free["resets_at"].as_str().unwrap();
    assert!(resets.contains("-01T00:00:00"), "{resets}");
    assert_eq!(basic["limit"], 100);
    assert_eq!(premium["limit"], Value::Null);
    assert_eq!(premium["used"], 1);
}

#[tokio::test]
async fn an_upload_at_the_limit_is_refused_and_stores_nothing() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    set_plan(&app, &user_id, "basic").await;
    for i in 0..100 {
        let title = format!("Old {i}");
        insert_track(&app, Seed::ready(&user_id, &title, "Ana")).await;
    }

    let response = post_track(&app, &token, &TrackForm::new("Song", "Ana")).await;

    assert_api_error(response, 403, "upload_limit_reached").await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM tracks").await, 100);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM jobs").await, 0);
    assert!(files_under(&app.data_dir.join("media/tracks")).is_empty());
    assert!(files_under(&app.data_dir.join("tmp")).is_empty());

    set_plan(&app, &user_id, "premium").await;
    upload(&app, &token, &TrackForm::new("Song", "Ana")).await;
}
