//! `POST /api/v1/tracks`: checks by content, limits while reading, the monthly limit under
//! concurrency, safe stored names, and processing to ready. Every refused upload leaves
//! nothing behind: no track row, no job, no media file, no temporary file.

use std::time::Duration;

use backbeat::audio::synth;
use backbeat::catalog::artist::service as artist_service;
use backbeat::db::Timestamp;
use backbeat::errors;
use futures_util::StreamExt;
use serde_json::Value;

use crate::helpers::app::{TestApp, count, files_under, spawn_app, spawn_app_with};
use crate::helpers::http::{assert_api_error, multipart};
use crate::helpers::media::{
    TrackForm, assert_nothing_stored, generated, mp3, png, post_track, upload,
    wait_until_processed, wav,
};
use crate::helpers::seed::{Seed, insert_track, set_plan};

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
    refused_by(&spawn_app().await, form, status, message).await;
}

/// Uploads `form` as a new user of `app`: it is refused with `status` and `message`, and
/// nothing is stored.
async fn refused_by(app: &TestApp, form: TrackForm, status: u16, message: &str) {
    let (_, token) = app.user("Ana").await;

    let response = post_track(app, &token, &form).await;

    assert_eq!(response.status().as_u16(), status);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"], message, "{body}");
    assert!(body["code"].is_string(), "{body}");
    assert_nothing_stored(app).await;
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
    let app = spawn_app_with(|c| c.uploads_in_progress_per_user = 10).await;
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
    let last_month = backbeat::catalog::upload::limit::month_start(Timestamp::now())
        - chrono::Duration::seconds(1);
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

// ---- bounded decoding

const FAILED_TO_LOAD: &str = "Failed to load audio file. Please try another file.";

/// A FLAC file in `format`, of `generator`'s signal.
fn flac(
    seconds: f32,
    format: synth::FlacFormat,
    generator: impl FnMut(u16, f64) -> f32,
) -> Vec<u8> {
    generated("flac", |p| {
        synth::write_flac_as(p, seconds, format, generator)
    })
}

fn cd_flac(block_size: usize) -> synth::FlacFormat {
    synth::FlacFormat {
        sample_rate: 44_100,
        channels: 2,
        bits_per_sample: 16,
        block_size,
    }
}

#[tokio::test]
async fn a_track_longer_than_the_limit_is_refused_and_stores_nothing() {
    let app = spawn_app_with(|c| c.max_track_secs = 5).await;
    let form = TrackForm {
        audio: Some(("long.wav".into(), wav(6.0))),
        ..TrackForm::new("Long", "Ana")
    };

    refused_by(&app, form, 422, FAILED_TO_LOAD).await;
}

#[tokio::test]
async fn a_tiny_file_of_constant_frames_that_decodes_to_minutes_is_refused() {
    // 3 minutes of one constant sample: a few kilobytes that decode to 30 MB.
    let constant = flac(180.0, cd_flac(32_767), |_, _| 0.25);
    assert!(constant.len() < 64 * 1024, "{} bytes", constant.len());
    let form = TrackForm {
        audio: Some(("constant.flac".into(), constant)),
        ..TrackForm::new("Constant", "Ana")
    };

    refused(form, 422, FAILED_TO_LOAD).await;
}

#[tokio::test]
async fn a_file_declaring_more_audio_than_the_limit_is_refused_before_decoding() {
    let app = spawn_app_with(|c| {
        c.max_track_secs = 60;
        c.max_decode_ratio = u64::MAX;
    })
    .await;
    let form = TrackForm {
        audio: Some((
            "declared.flac".into(),
            flac(120.0, cd_flac(32_767), |_, _| 0.0),
        )),
        ..TrackForm::new("Declared", "Ana")
    };

    refused_by(&app, form, 422, FAILED_TO_LOAD).await;
}

#[tokio::test]
async fn a_low_rate_flac_with_long_frames_becomes_ready() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let format = synth::FlacFormat {
        sample_rate: 8_000,
        channels: 1,
        bits_per_sample: 16,
        // flacenc's largest frame; the report had 32768, which fails the same way.
        block_size: 32_767,
    };
    let form = TrackForm {
        audio: Some(("phone.flac".into(), flac(10.0, format, synth::phrase()))),
        ..TrackForm::new("Phone Call", "Ana")
    };

    let track = upload(&app, &token, &form).await;
    let processed = wait_until_processed(&app, &token, track["id"].as_str().unwrap()).await;

    assert_eq!(processed["status"], "ready", "{processed}");
    assert_eq!(processed["duration"], 10);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM renditions").await,
        3,
        "MP3 128, MP3 320 and FLAC"
    );
    assert_eq!(
        count(&app, "SELECT MAX(attempts) FROM jobs").await,
        1,
        "processed on the first attempt"
    );
}

#[tokio::test]
async fn processing_past_the_job_time_limit_fails_for_good_with_a_reason() {
    let app = spawn_app_with(|c| c.job_timeout_secs = 1).await;
    let (_, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some(("long.wav".into(), wav(240.0))),
        ..TrackForm::new("Long Take", "Ana")
    };

    let track = upload(&app, &token, &form).await;
    let processed = wait_until_processed(&app, &token, track["id"].as_str().unwrap()).await;

    assert_eq!(processed["status"], "failed", "{processed}");
    assert_eq!(
        processed["failure_reason"],
        "Processing took too long. Please try a shorter track."
    );
    assert_eq!(
        count(&app, "SELECT MAX(attempts) FROM jobs").await,
        1,
        "a timed-out job is not tried again"
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM renditions").await, 0);
}

// ---- uploads cannot pile up

/// An upload whose body is sent up to `release` and then finished.
async fn start_held_upload(
    app: &TestApp,
    token: &str,
) -> (
    tokio::sync::oneshot::Sender<()>,
    tokio::task::JoinHandle<reqwest::Response>,
) {
    let (content_type, body) = multipart(&TrackForm::new("Held", "Ana").parts());
    let (release, released) = tokio::sync::oneshot::channel::<()>();
    let half = body.len() / 2;
    let (head, tail) = (body[..half].to_vec(), body[half..].to_vec());
    let chunks = futures_util::stream::once(async move { Ok::<_, std::io::Error>(head) }).chain(
        futures_util::stream::once(async move {
            let _ = released.await;
            Ok(tail)
        }),
    );
    let request = app
        .client
        .post(app.url("/api/v1/tracks"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(reqwest::Body::wrap_stream(chunks));
    let response = tokio::spawn(async move { request.send().await.unwrap() });
    (release, response)
}

#[tokio::test]
async fn an_upload_beyond_the_ones_in_progress_is_refused_and_stores_nothing() {
    let app = spawn_app_with(|c| c.uploads_in_progress_per_user = 2).await;
    let (_, token) = app.user("Ana").await;
    let (_, other_user) = app.user("Bo").await;
    let (release_first, first) = start_held_upload(&app, &token).await;
    let (release_second, second) = start_held_upload(&app, &token).await;
    wait_for_uploads_in_progress(&app, 2).await;

    let third = post_track(&app, &token, &TrackForm::new("Third", "Ana")).await;
    let someone_else = post_track(&app, &other_user, &TrackForm::new("Theirs", "Bo")).await;

    let message = assert_api_error(third, 429, "too_many_uploads").await;
    assert_eq!(
        message,
        "You have other uploads in progress. Please wait for them to finish."
    );
    assert_eq!(someone_else.status(), 201);
    release_first.send(()).unwrap();
    release_second.send(()).unwrap();
    assert_eq!(first.await.unwrap().status(), 201);
    assert_eq!(second.await.unwrap().status(), 201);
    let after = post_track(&app, &token, &TrackForm::new("Fourth", "Ana")).await;
    assert_eq!(
        after.status(),
        201,
        "the finished uploads freed their places"
    );
}

/// Waits until `n` uploads are being received (each has its temporary audio file).
async fn wait_for_uploads_in_progress(app: &TestApp, n: usize) {
    for _ in 0..200 {
        let receiving = files_under(&app.data_dir.join("tmp"))
            .iter()
            .filter(|path| {
                path.file_name()
                    .and_then(|name| name.to_str())
                    .is_some_and(|name| name.starts_with("upload-"))
            })
            .count();
        if receiving >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the held uploads never reached the server");
}

#[tokio::test]
async fn concurrent_uploads_past_the_limit_are_refused_before_their_audio_is_decoded() {
    let app = spawn_app_with(|c| {
        c.uploads_in_progress_per_user = 10;
        c.metrics_token = Some("metrics-token-for-tests".into());
    })
    .await;
    let (user_id, token) = app.user("Ana").await;
    for i in 0..49 {
        insert_track(&app, Seed::ready(&user_id, &format!("Old {i}"), "Ana")).await;
    }
    let form = TrackForm::new("One more", "Ana");

    let responses =
        futures_util::future::join_all((0..5).map(|_| post_track(&app, &token, &form))).await;

    let statuses: Vec<u16> = responses.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 403).count(),
        4,
        "{statuses:?}"
    );
    let metrics = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth("metrics-token-for-tests")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains("backbeat_audio_checks_total 1\n"),
        "only the upload that held the slot was decoded:\n{metrics}"
    );
}

#[tokio::test]
async fn a_refused_upload_gives_its_reserved_slot_back() {
    let app = spawn_app().await;
    let (user_id, token) = app.user("Ana").await;
    for i in 0..49 {
        insert_track(&app, Seed::ready(&user_id, &format!("Old {i}"), "Ana")).await;
    }
    let not_audio = TrackForm {
        audio: Some(("notes.mp3".into(), b"just some text".to_vec())),
        ..TrackForm::new("Notes", "Ana")
    };

    let refused = post_track(&app, &token, &not_audio).await;
    let accepted = post_track(&app, &token, &TrackForm::new("Last", "Ana")).await;

    assert_eq!(refused.status(), 422);
    assert_eq!(accepted.status(), 201);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM upload_reservations").await,
        0
    );
}

#[tokio::test]
async fn an_upload_may_take_longer_than_the_ordinary_request_limit() {
    let app = spawn_app_with(|c| {
        c.request_timeout_secs = 1;
        c.upload_timeout_secs = 600;
    })
    .await;
    let (_, token) = app.user("Ana").await;
    let (release, response) = start_held_upload(&app, &token).await;
    wait_for_uploads_in_progress(&app, 1).await;

    tokio::time::sleep(Duration::from_secs(2)).await;
    release.send(()).unwrap();

    assert_eq!(response.await.unwrap().status(), 201);
}

// ---- a verified artist's name, sources over 96 kHz

#[tokio::test]
async fn another_account_cannot_upload_under_a_verified_artists_name() {
    let app = spawn_app().await;
    let (artist_id, artist) = app.user("Nova Reyes").await;
    insert_track(&app, Seed::ready(&artist_id, "First Light", "Nova Reyes")).await;
    artist_service::set_verified(&app.db, "Nova Reyes", true)
        .await
        .unwrap();
    let (_, impostor) = app.user("Impostor").await;

    for name in [
        "Nova Reyes",
        "nova reyes",
        "  NOVA REYES\t",
        "Nova   Reyes",
        "Ｎｏｖａ Ｒｅｙｅｓ",
        "Nova\u{200b} Reyes",
        "\u{202e}Nova Reyes",
    ] {
        let response = post_track(&app, &impostor, &TrackForm::new("Fake", name)).await;
        let message = assert_api_error(response, 403, "artist_name_verified").await;
        assert_eq!(message, errors::ARTIST_NAME_VERIFIED.message, "{name:?}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM tracks").await, 1);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM upload_reservations").await,
        0
    );

    // The verified artist's own account still can, in any case; other names stay free.
    upload(&app, &artist, &TrackForm::new("Second Light", "nova reyes")).await;
    upload(
        &app,
        &impostor,
        &TrackForm::new("Homage", "Nova Reyes Tribute"),
    )
    .await;
    // A name no longer verified is anyone's again.
    artist_service::set_verified(&app.db, "Nova Reyes", false)
        .await
        .unwrap();
    upload(&app, &impostor, &TrackForm::new("Fake", "Nova Reyes")).await;
}

#[tokio::test]
async fn a_source_over_96_khz_is_refused_at_upload_and_96_khz_becomes_ready() {
    let app = spawn_app().await;
    for rate in [176_400, 192_000] {
        let form = TrackForm {
            audio: Some((
                "master.wav".into(),
                generated("wav", |p| {
                    synth::write_wav(p, 2.0, rate, 2, synth::phrase())
                }),
            )),
            ..TrackForm::new("Hi-Res", "Ana")
        };
        refused_by(&app, form, 422, FAILED_TO_LOAD).await;
    }
    let (_, token) = app.user("Ana").await;
    let form = TrackForm {
        audio: Some((
            "master.wav".into(),
            generated("wav", |p| {
                synth::write_wav(p, 2.0, 96_000, 2, synth::phrase())
            }),
        )),
        ..TrackForm::new("Hi-Res", "Ana")
    };

    let track = upload(&app, &token, &form).await;
    let processed = wait_until_processed(&app, &token, track["id"].as_str().unwrap()).await;

    assert_eq!(processed["status"], "ready", "{processed}");
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM renditions").await,
        3,
        "MP3 128, MP3 320 and FLAC"
    );
}
