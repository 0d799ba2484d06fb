//! AutoMix under test: fake external separators (small shell scripts) and the stems API.

use std::path::PathBuf;
use std::time::Duration;

use reqwest::Method;
use serde_json::Value;

use super::app::{TestApp, spawn_app_with};
use super::http::api;
use super::media::{TrackForm, upload, wait_until_processed, wav};

/// A fake separator: a shell script run as `script {input} {vocals} {accompaniment}`.
pub struct FakeSeparator {
    dir: tempfile::TempDir,
}

impl FakeSeparator {
    /// A script whose body runs with `$1` the input, `$2` the vocals, `$3` the accompaniment.
    pub fn new(body: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("separate.sh");
        std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
        let mut permissions = std::fs::metadata(&script).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
        std::fs::set_permissions(&script, permissions).unwrap();
        Self { dir }
    }

    /// Copies the input to both stems (what a separator writes: two WAV files of its length).
    pub fn copying() -> Self {
        Self::new("echo 'loading model' >&2\ncp \"$1\" \"$2\" && cp \"$1\" \"$3\"")
    }

    /// Reports half the work done, waits for [`FakeSeparator::release`], then copies. Gives
    /// up after two minutes, so a run whose server was killed does not outlive the test.
    pub fn gated() -> Self {
        let fake = Self::new("");
        let gate = fake.gate();
        fake.rewrite(&format!(
            "echo ' 50%|#####     |' >&2\n\
             waited=0\n\
             while [ ! -e '{}' ]; do\n\
               sleep 0.05; waited=$((waited + 1)); [ $waited -lt 2400 ] || exit 1\n\
             done\n\
             cp \"$1\" \"$2\" && cp \"$1\" \"$3\"",
            gate.display()
        ));
        fake
    }

    /// Reports each of `percents` in turn, waiting after each for [`FakeSeparator::release_step`]
    /// of its index, then copies.
    pub fn stepped(percents: &[u32]) -> Self {
        let fake = Self::new("");
        let steps: String = percents
            .iter()
            .enumerate()
            .map(|(step, percent)| {
                format!(
                    "echo ' {percent}%|####' >&2\n\
                     while [ ! -e '{}' ]; do sleep 0.05; done\n",
                    fake.step_gate(step).display()
                )
            })
            .collect();
        fake.rewrite(&format!("{steps}cp \"$1\" \"$2\" && cp \"$1\" \"$3\""));
        fake
    }

    pub fn rewrite(&self, body: &str) {
        std::fs::write(self.script(), format!("#!/bin/sh\n{body}\n")).unwrap();
    }

    fn script(&self) -> PathBuf {
        self.dir.path().join("separate.sh")
    }

    fn gate(&self) -> PathBuf {
        self.dir.path().join("go")
    }

    pub fn release(&self) {
        std::fs::write(self.gate(), b"").unwrap();
    }

    fn step_gate(&self, step: usize) -> PathBuf {
        self.dir.path().join(format!("step-{step}"))
    }

    /// Lets a [`FakeSeparator::stepped`] separation go on past step `step` (from 0).
    pub fn release_step(&self, step: usize) {
        std::fs::write(self.step_gate(step), b"").unwrap();
    }

    pub fn command(&self) -> String {
        format!(
            "'{}' {{input}} {{vocals}} {{accompaniment}}",
            self.script().display()
        )
    }
}

pub async fn app_with(
    fake: &FakeSeparator,
    customize: impl FnOnce(&mut backbeat::config::Config),
) -> TestApp {
    let command = fake.command();
    spawn_app_with(move |config| {
        config.automix.command = Some(command);
        customize(config);
    })
    .await
}

/// A ready track of a 3-second lossless WAV, uploaded by a new user; answers (id, token).
pub async fn ready_track(app: &TestApp) -> (String, String) {
    let (_, token) = app.user("Uploader").await;
    let form = TrackForm {
        audio: Some(("master.wav".into(), wav(3.0))),
        ..TrackForm::new("Duet", "Ana")
    };
    let track = upload(app, &token, &form).await;
    let id = track["id"].as_str().unwrap().to_owned();
    let processed = wait_until_processed(app, &token, &id).await;
    assert_eq!(processed["status"], "ready", "{processed}");
    (id, token)
}

pub async fn start(app: &TestApp, token: &str, id: &str) -> reqwest::Response {
    api(app, Method::POST, &format!("/tracks/{id}/stems"), token)
        .send()
        .await
        .unwrap()
}

pub async fn started(app: &TestApp, token: &str, id: &str, expected: u16) -> Value {
    let response = start(app, token, id).await;
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, expected, "{body}");
    body
}

pub async fn stems(app: &TestApp, token: &str, id: &str) -> Value {
    let response = api(app, Method::GET, &format!("/tracks/{id}/stems"), token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// Polls the stems until they are no longer loading (a minute at most).
pub async fn wait_for_stems(app: &TestApp, token: &str, id: &str) -> Value {
    for _ in 0..600 {
        let stems = stems(app, token, id).await;
        if stems["status"] != "loading" {
            return stems;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the stems of {id} are still loading after a minute");
}
