//! AutoMix: a track's stems separated by a durable job (here with fake external separators,
//! small shell scripts), their states, the per-user limit (on any node), streaming the stems,
//! a restart in the middle of a separation, a node killed in the middle of one, and upload
//! processing running beside one.

use std::path::PathBuf;
use std::time::Duration;

use backbeat::automix::job::SeparateStems;
use backbeat::db::Timestamp;
use backbeat::errors;
use backbeat::jobs::store as job_store;
use backbeat::media::{MediaKey, MediaStore};
use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, count, files_under, scalar, spawn_app_with};
use crate::helpers::automix::{
    FakeSeparator, app_with, ready_track, start, started, stems, wait_for_stems,
};
use crate::helpers::events::EventStream;
use crate::helpers::http::{api, assert_api_error};
use crate::helpers::node::Node;
use crate::helpers::seed::{Seed, insert_track, set_plan};

/// The stored status of a track's stems, read from the database.
async fn stored_status(app: &TestApp, id: &str) -> Option<String> {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT status FROM track_stems WHERE track_id = $1")
        .bind(id).fetch_optional(pool).await.unwrap())
}

async fn separation_jobs(app: &TestApp) -> i64 {
    count(
        app,
        "SELECT COUNT(*) FROM jobs WHERE kind = 'separate_stems'",
    )
    .await
}

fn stem_files(app: &TestApp) -> Vec<PathBuf> {
    files_under(&app.data_dir.join("media/stems"))
}

fn none() -> Value {
    serde_json::json!({
        "status": "none", "progress": 0, "vocals_url": null, "accompaniment_url": null,
        "error": null,
    })
}

#[tokio::test]
async fn stems_go_from_none_to_loading_to_ready_and_stream_with_ranges() {
    let fake = FakeSeparator::copying();
    let app = app_with(&fake, |_| {}).await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;

    assert_eq!(stems(&app, &listener, &id).await, none());
    let loading = started(&app, &listener, &id, 202).await;
    assert_eq!(loading["status"], "loading");
    assert_eq!(loading["progress"], 0);
    assert!(loading["vocals_url"].is_null() && loading["error"].is_null());
    let ready = wait_for_stems(&app, &listener, &id).await;

    assert_eq!(ready["status"], "ready", "{ready}");
    assert_eq!(ready["progress"], 100);
    assert!(ready["error"].is_null());
    // Both stems in each quality of a lossless upload.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM stem_renditions").await, 6);
    let vocals = ready["vocals_url"].as_str().unwrap();
    let accompaniment = ready["accompaniment_url"].as_str().unwrap();
    assert!(
        vocals.contains("/stems/vocals/stream?") && vocals.contains("q=standard"),
        "{vocals}"
    );
    for url in [vocals, accompaniment] {
        // No bearer token: the signature is the authority.
        let whole = app.client.get(app.url(url)).send().await.unwrap();
        assert_eq!(whole.status(), 200);
        assert_eq!(whole.headers()["content-type"], "audio/mpeg");
        let size = whole.bytes().await.unwrap().len();
        assert!(size > 10_000, "{size} bytes");
        let part = app
            .client
            .get(app.url(url))
            .header("range", "bytes=100-199")
            .send()
            .await
            .unwrap();
        assert_eq!(part.status(), 206);
        assert_eq!(
            part.headers()["content-range"],
            format!("bytes 100-199/{size}").as_str()
        );
        assert_eq!(part.bytes().await.unwrap().len(), 100);
    }
    // A premium listener hears the lossless stems.
    let (premium_id, premium) = app.user("Premium").await;
    set_plan(&app, &premium_id, "premium").await;
    let lossless = stems(&app, &premium, &id).await;
    let flac = app
        .client
        .get(app.url(lossless["vocals_url"].as_str().unwrap()))
        .send()
        .await
        .unwrap();
    assert_eq!(flac.status(), 200);
    assert_eq!(flac.headers()["content-type"], "audio/flac");
    // An altered signature opens nothing, and a track's signature no stem.
    let altered = vocals.replace("stems/vocals", "stems/accompaniment");
    let refused = app.client.get(app.url(&altered)).send().await.unwrap();
    assert_api_error(refused, 403, "invalid_signature").await;
}

#[tokio::test]
async fn starting_ready_or_loading_stems_answers_them_without_a_new_job() {
    let fake = FakeSeparator::gated();
    let app = app_with(&fake, |config| config.automix.user_limit = 1).await;
    let (id, _) = ready_track(&app).await;
    let (_, first) = app.user("First").await;
    let (_, second) = app.user("Second").await;

    started(&app, &first, &id, 202).await;
    let while_loading = started(&app, &second, &id, 200).await;
    fake.release();
    let ready = wait_for_stems(&app, &first, &id).await;
    let again = started(&app, &first, &id, 200).await;

    assert_eq!(while_loading["status"], "loading");
    assert_eq!(ready["status"], "ready", "{ready}");
    assert_eq!(again["status"], "ready");
    assert!(again["vocals_url"].is_string() && again["accompaniment_url"].is_string());
    assert_eq!(separation_jobs(&app).await, 1);
    // Only the separation that started counted: the first user's limit of 1 is used, the
    // second's is not.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM stem_requests").await, 1);
}

#[tokio::test]
async fn a_failed_separation_stores_the_message_and_nothing_else_and_can_start_again() {
    let fake = FakeSeparator::new(
        "echo 'starting' >&2\necho 'model weights missing: /opt/sep' >&2\nexit 3",
    );
    let app = app_with(&fake, |_| {}).await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;

    started(&app, &listener, &id, 202).await;
    let failed = wait_for_stems(&app, &listener, &id).await;

    assert_eq!(failed["status"], "error", "{failed}");
    // The listener reads that AutoMix failed; what the separator said is the operator's.
    assert_eq!(failed["error"], errors::AUTOMIX_FAILED.message, "{failed}");
    assert!(failed["vocals_url"].is_null() && failed["accompaniment_url"].is_null());
    assert_eq!(count(&app, "SELECT COUNT(*) FROM stem_renditions").await, 0);
    assert!(stem_files(&app).is_empty(), "{:?}", stem_files(&app));
    assert!(files_under(&app.data_dir.join("tmp")).is_empty());
    // One attempt: a separator that fails on a track fails again; the listener may retry.
    let attempts = count(
        &app,
        "SELECT attempts FROM jobs WHERE kind = 'separate_stems'",
    )
    .await;
    assert_eq!(attempts, 1);

    fake.rewrite("cp \"$1\" \"$2\" && cp \"$1\" \"$3\"");
    let retried = started(&app, &listener, &id, 202).await;
    assert_eq!(retried["status"], "loading");
    assert!(retried["error"].is_null());
    assert_eq!(
        wait_for_stems(&app, &listener, &id).await["status"],
        "ready"
    );
}

/// The job's row keeps why a separation failed, for the operator (`backbeat jobs list`).
async fn separation_error(app: &TestApp) -> String {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT last_error FROM jobs WHERE kind = 'separate_stems'")
        .fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn what_a_failing_separator_writes_to_stderr_never_reaches_listeners() {
    let secret = "postgres://admin:hunter2@10.0.0.5/prod token=sk_live_51Hs3cr3t";
    let fake = FakeSeparator::new(&format!(
        "echo ' 40%|####' >&2\necho 'Traceback: {secret}' >&2\necho '{secret}' >&2\nexit 1"
    ));
    let app = app_with(&fake, |_| {}).await;
    let (id, uploader) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;
    let mut events = EventStream::open(&app, &listener).await;

    let started = started(&app, &listener, &id, 202).await;
    let mut heard = Vec::new();
    loop {
        let (name, data) = events.next_event().await;
        heard.push(data.to_string());
        if name == "stems" && data["status"] != "loading" {
            break;
        }
    }
    let failed = wait_for_stems(&app, &listener, &id).await;
    let as_uploader = stems(&app, &uploader, &id).await;

    assert_eq!(failed["status"], "error", "{failed}");
    assert_eq!(failed["error"], errors::AUTOMIX_FAILED.message);
    for answer in [
        started.to_string(),
        failed.to_string(),
        as_uploader.to_string(),
    ]
    .iter()
    .chain(&heard)
    {
        for leaked in ["hunter2", "sk_live", "Traceback", "10.0.0.5", "exit status"] {
            assert!(!answer.contains(leaked), "{leaked} in {answer}");
        }
    }
    // The operator has it: the job's row (and the log) says what the separator wrote.
    assert!(separation_error(&app).await.contains(secret));
}

#[tokio::test]
async fn a_user_over_the_daily_limit_is_refused_with_429() {
    let fake = FakeSeparator::gated();
    let app = app_with(&fake, |config| config.automix.user_limit = 2).await;
    let (uploader, _) = app.user("Uploader").await;
    let tracks = [
        insert_track(&app, Seed::ready(&uploader, "One", "Ana")).await,
        insert_track(&app, Seed::ready(&uploader, "Two", "Ana")).await,
        insert_track(&app, Seed::ready(&uploader, "Three", "Ana")).await,
    ];
    let (_, listener) = app.user("Listener").await;
    let (_, other) = app.user("Other").await;

    started(&app, &listener, &tracks[0], 202).await;
    started(&app, &listener, &tracks[1], 202).await;
    let refused = start(&app, &listener, &tracks[2]).await;
    let message = assert_api_error(refused, 429, "automix_limit_reached").await;

    assert!(
        message.contains("2 AutoMix separations in the last 24 hours"),
        "{message}"
    );
    assert_eq!(stored_status(&app, &tracks[2]).await, None);
    assert_eq!(separation_jobs(&app).await, 2);
    // The limit is the user's own: another user starts the third.
    started(&app, &other, &tracks[2], 202).await;
    fake.release();
}

#[tokio::test]
async fn without_a_separator_starting_answers_503_in_a_listeners_words() {
    // No external command, and a models folder without the model.
    let empty = tempfile::tempdir().expect("a temporary folder");
    let models_dir = empty.path().join("models");
    let app = spawn_app_with(|config| {
        config.automix.command = None;
        config.automix.models_dir = Some(models_dir.clone());
    })
    .await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;

    let refused = start(&app, &listener, &id).await;
    let message = assert_api_error(refused, 503, "automix_unavailable").await;

    // The listener is told AutoMix is off, not the server's folders or install commands.
    assert_eq!(
        message,
        "AutoMix is not available on this server right now."
    );
    assert_eq!(stems(&app, &listener, &id).await, none());
    assert_eq!(separation_jobs(&app).await, 0);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM stem_requests").await, 0);
}

#[tokio::test]
async fn stems_of_an_unknown_or_invisible_track_are_not_found() {
    let fake = FakeSeparator::copying();
    let app = app_with(&fake, |config| config.job_workers = 0).await;
    let (owner, owner_token) = app.user("Owner").await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&owner, "Unfinished", "Ana")
        },
    )
    .await;
    let (_, listener) = app.user("Listener").await;

    for id in ["0190b2c4-0000-7000-8000-000000000000", processing.as_str()] {
        let get = api(&app, Method::GET, &format!("/tracks/{id}/stems"), &listener)
            .send()
            .await
            .unwrap();
        assert_api_error(get, 404, "not_found").await;
        assert_api_error(start(&app, &listener, id).await, 404, "not_found").await;
    }
    // Asking about a track one may not see does not make one hear of its stems.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM stem_watchers").await, 0);
    // The owner sees their own processing track, which cannot be separated yet.
    assert_eq!(stems(&app, &owner_token, &processing).await, none());
    assert_api_error(
        start(&app, &owner_token, &processing).await,
        409,
        "not_ready",
    )
    .await;
    let anonymous = app
        .client
        .get(app.url(&format!("/api/v1/tracks/{processing}/stems")))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), 401);
}

#[tokio::test]
async fn a_separation_survives_a_restart_and_reports_progress() {
    let fake = FakeSeparator::gated();
    let app = app_with(&fake, |_| {}).await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;
    started(&app, &listener, &id, 202).await;
    let progress = wait_for_progress(&app, &listener, &id).await;
    assert!((40..100).contains(&progress), "{progress}");

    // Stopped in the middle: the job goes back to the queue, the separator is stopped.
    let app = app.restart(|_| {}).await;
    assert_eq!(stored_status(&app, &id).await.as_deref(), Some("loading"));
    fake.release();
    let (_, later) = app.user("Later").await;
    let ready = wait_for_stems(&app, &later, &id).await;

    assert_eq!(ready["status"], "ready", "{ready}");
    let job: (String, i64) = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT status, attempts FROM jobs WHERE kind = 'separate_stems'")
        .fetch_one(pool).await.unwrap());
    // The interrupted attempt does not count.
    assert_eq!(job, ("done".to_owned(), 1));
    assert!(files_under(&app.data_dir.join("tmp")).is_empty());
}

/// Polls until the loading stems report progress past the decoding step; answers it.
async fn wait_for_progress(app: &TestApp, token: &str, id: &str) -> i64 {
    for _ in 0..600 {
        let stems = stems(app, token, id).await;
        let progress = stems["progress"].as_i64().unwrap();
        if stems["status"] == "loading" && progress > 5 {
            return progress;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no progress reported");
}

#[tokio::test]
async fn uploads_are_processed_while_a_separation_runs() {
    let fake = FakeSeparator::gated();
    // One worker for uploads, one for separations: neither waits for the other.
    let app = app_with(&fake, |config| config.job_workers = 1).await;
    let (id, token) = ready_track(&app).await;
    started(&app, &token, &id, 202).await;
    wait_until_running(&app).await;

    let (_, second) = ready_track(&app).await;

    assert!(!second.is_empty());
    assert_eq!(stored_status(&app, &id).await.as_deref(), Some("loading"));
    fake.release();
    assert_eq!(wait_for_stems(&app, &token, &id).await["status"], "ready");
}

/// Waits until a separation job is running.
async fn wait_until_running(app: &TestApp) {
    for _ in 0..600 {
        let running = count(
            app,
            "SELECT COUNT(*) FROM jobs WHERE kind = 'separate_stems' AND status = 'running'",
        )
        .await;
        if running == 1 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the separation never started");
}

/// The built-in separator with the model `make models` installed (BACKBEAT_MODELS_DIR, else the
/// user's cache folder). Without the model the test fails under CI and is skipped elsewhere.
#[tokio::test]
async fn the_built_in_separator_splits_a_track_with_the_installed_model() {
    let models_dir = automix::default_models_dir();
    if !automix::is_installed(&models_dir) {
        let reason = format!(
            "the AutoMix model is not installed in {} (run `make models`)",
            models_dir.display()
        );
        assert!(std::env::var("CI").as_deref() != Ok("true"), "{reason}");
        eprintln!("skipped: {reason}");
        return;
    }
    let app = spawn_app_with(|config| config.automix.command = None).await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;

    started(&app, &listener, &id, 202).await;
    let ready = wait_for_stems(&app, &listener, &id).await;

    assert_eq!(ready["status"], "ready", "{ready}");
    for url in [&ready["vocals_url"], &ready["accompaniment_url"]] {
        let stem = app
            .client
            .get(app.url(url.as_str().unwrap()))
            .send()
            .await
            .unwrap();
        assert_eq!(stem.status(), 200);
        assert_eq!(stem.headers()["content-type"], "audio/mpeg");
        assert!(stem.bytes().await.unwrap().len() > 10_000);
    }
}

#[tokio::test]
async fn the_daily_limit_holds_across_nodes() {
    let fake = FakeSeparator::gated();
    let app = app_with(&fake, |config| config.automix.user_limit = 1).await;
    let peer = app.spawn_peer().await;
    let (uploader, _) = app.user("Uploader").await;
    let first = insert_track(&app, Seed::ready(&uploader, "One", "Ana")).await;
    let second = insert_track(&app, Seed::ready(&uploader, "Two", "Ana")).await;
    let (_, listener) = app.user("Listener").await;

    started(&app, &listener, &first, 202).await;
    let refused = start(&peer, &listener, &second).await;

    assert_api_error(refused, 429, "automix_limit_reached").await;
    assert_eq!(separation_jobs(&app).await, 1);
    fake.release();
}

/// Polls the stored status of a track's stems until it is `expected` (a minute at most);
/// `context` says what else to show when it never is.
async fn wait_for_stored_status(
    app: &TestApp,
    id: &str,
    expected: &str,
    context: impl Fn() -> String,
) {
    for _ in 0..600 {
        if stored_status(app, id).await.as_deref() == Some(expected) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "the stems of {id} are {:?}, not {expected}, after a minute\n{}",
        stored_status(app, id).await,
        context()
    );
}

/// The keys of the stem files recorded for a track and of those stored for it, each sorted.
async fn recorded_and_stored_stems(app: &TestApp, id: &str) -> (Vec<String>, Vec<String>) {
    let mut recorded: Vec<String> = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM stem_renditions WHERE track_id = $1")
        .bind(id).fetch_all(pool).await.unwrap());
    recorded.sort();
    let media = app.data_dir.join("media");
    let mut stored: Vec<String> = files_under(&media.join("stems").join(id))
        .into_iter()
        .map(|path| path.strip_prefix(&media).unwrap().display().to_string())
        .collect();
    stored.sort();
    (recorded, stored)
}

/// The separation job's status, attempts and the node that holds or last held it.
async fn separation_job(app: &TestApp) -> (String, i64, Option<String>) {
    backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT status, attempts, locked_by FROM jobs WHERE kind = 'separate_stems'")
        .fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn a_node_killed_mid_separation_is_taken_over_by_another_that_stores_one_result() {
    let fake = FakeSeparator::gated();
    // node-b serves the API and separates nothing until node-a is gone.
    let app = app_with(&fake, |config| {
        config.automix.concurrency = 0;
        config.job_lease_secs = 2;
        config.node_id = Some("node-b".into());
    })
    .await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;
    let command = fake.command();
    let node_a = Node::start(
        &app,
        &[
            ("BACKBEAT_NODE_ID", "node-a"),
            ("BACKBEAT_JOB_LEASE_SECS", "2"),
            ("BACKBEAT_JOB_WORKERS", "0"),
            ("BACKBEAT_AUTOMIX_CONCURRENCY", "1"),
            ("BACKBEAT_AUTOMIX_COMMAND", &command),
        ],
    );
    started(&app, &listener, &id, 202).await;
    // node-a claims the job and is half-way through the separation.
    for attempt in 0.. {
        let progress: i64 = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
            "SELECT progress FROM track_stems WHERE track_id = $1")
            .bind(&id).fetch_one(pool).await.unwrap());
        let job = separation_job(&app).await;
        if progress >= 40 && job == ("running".into(), 1, Some("node-a".into())) {
            break;
        }
        assert!(attempt < 600, "node-a never separated:\n{}", node_a.log());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    node_a.kill();
    fake.release();
    let app = app.restart(|config| config.automix.concurrency = 1).await;
    wait_for_stored_status(&app, &id, "ready", String::new).await;

    assert_eq!(
        separation_job(&app).await,
        ("done".into(), 2, Some("node-b".into()))
    );
    let renditions = scalar(
        &app,
        "SELECT COUNT(*) FROM renditions WHERE track_id = $1",
        &id,
    )
    .await;
    let (recorded, stored) = recorded_and_stored_stems(&app, &id).await;
    assert_eq!(
        recorded.len() as i64,
        2 * renditions,
        "one result: {recorded:?}"
    );
    assert_eq!(stored, recorded);
}

#[tokio::test]
async fn the_files_of_a_separation_whose_node_died_are_deleted_when_another_ends_it() {
    let fake = FakeSeparator::copying();
    let app = app_with(&fake, |config| {
        config.automix.concurrency = 0;
        config.job_lease_secs = 2;
    })
    .await;
    let (id, token) = ready_track(&app).await;
    started(&app, &token, &id, 202).await;
    // node-a claimed the job, stored part of the stems, and died.
    let now = Timestamp::now();
    let lease = now + chrono::Duration::seconds(2);
    let claimed = job_store::claim(&app.db, now, lease, &[SeparateStems::KIND], "node-a")
        .await
        .unwrap()
        .unwrap();
    let job: SeparateStems = serde_json::from_str(&claimed.payload).unwrap();
    let dead = format!("stems/{id}/{}/0190dead/vocals-standard.mp3", job.run_id);
    MediaStore::local(&app.data_dir.join("media"))
        .unwrap()
        .put_new(&MediaKey::parse(&dead).unwrap(), "partial".into())
        .await
        .unwrap();

    let app = app.restart(|config| config.automix.concurrency = 1).await;
    wait_for_stored_status(&app, &id, "ready", String::new).await;

    assert_eq!(separation_job(&app).await.1, 2);
    for attempt in 0.. {
        let (recorded, stored) = recorded_and_stored_stems(&app, &id).await;
        if stored == recorded {
            assert!(!recorded.is_empty() && !stored.contains(&dead));
            break;
        }
        assert!(
            attempt < 600,
            "left behind: {stored:?}, recorded: {recorded:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
