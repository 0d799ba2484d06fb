//! Generated audio and images (test audio is synthesised, never checked in), the upload form,
//! and what a refused upload must leave behind: nothing.

use std::path::Path;
use std::time::Duration;

use backbeat::audio::synth;
use serde_json::Value;

use super::app::{TestApp, count, files_under};
use super::http::{Part, multipart};

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

    pub fn parts(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        if let Some((name, bytes)) = &self.audio {
            parts.push(Part::file("audio", name, "audio/mpeg", bytes.clone()));
        }
        if let Some((name, bytes)) = &self.cover {
            parts.push(Part::file("cover", name, "image/png", bytes.clone()));
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

/// The bytes of an audio file that `write` synthesises at a path with this extension.
pub fn generated(extension: &str, write: impl FnOnce(&Path) -> std::io::Result<()>) -> Vec<u8> {
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

/// No track row, no job, no stored audio or cover, no temporary file.
pub async fn assert_nothing_stored(app: &TestApp) {
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM tracks").await,
        0,
        "track rows"
    );
    assert_eq!(count(app, "SELECT COUNT(*) FROM jobs").await, 0, "jobs");
    assert_eq!(
        count(app, "SELECT COUNT(*) FROM upload_reservations").await,
        0,
        "reserved upload slots"
    );
    for dir in ["media/tracks", "media/covers", "tmp"] {
        let files = files_under(&app.data_dir.join(dir));
        assert!(files.is_empty(), "files left under {dir}: {files:?}");
    }
}
