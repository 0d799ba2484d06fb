//! The durable job queue: claims with leases, retries later, recovery after a crash.

use backbeat::catalog::upload::processing::ProcessTrack;
use backbeat::db::Timestamp;
use backbeat::jobs::{JobQueue, store};

use crate::helpers::app::{TestApp, count, files_under, spawn_app_with};
use crate::helpers::media::{TrackForm, upload};

async fn enqueue(app: &TestApp, track_id: &str) -> String {
    let mut tx = app.db.begin().await.unwrap();
    let job = ProcessTrack {
        track_id: track_id.into(),
    };
    let id = JobQueue::default()
        .enqueue(&mut tx, ProcessTrack::KIND, &job, Timestamp::now())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

/// An app that runs no jobs itself, so tests drive the queue.
async fn app_without_workers() -> TestApp {
    spawn_app_with(|config| config.job_workers = 0).await
}

#[tokio::test]
async fn a_job_is_claimed_by_one_worker_at_a_time() {
    let app = app_without_workers().await;
    let id = enqueue(&app, "t1").await;
    let now = Timestamp::now();
    let lease = now + chrono::Duration::seconds(60);

    let claims =
        futures_util::future::join_all((0..8).map(|_| store::claim(&app.db, now, lease))).await;

    let claimed: Vec<_> = claims.into_iter().filter_map(Result::unwrap).collect();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].id, id);
    assert_eq!(claimed[0].attempts, 1);
    assert_eq!(claimed[0].kind, ProcessTrack::KIND);
    assert_eq!(
        serde_json::from_str::<ProcessTrack>(&claimed[0].payload).unwrap(),
        ProcessTrack {
            track_id: "t1".into()
        }
    );
    let later = now + chrono::Duration::seconds(30);
    assert!(store::claim(&app.db, later, later).await.unwrap().is_none());
}

#[tokio::test]
async fn a_failed_attempt_runs_again_after_its_delay_and_a_lost_lease_changes_nothing() {
    let app = app_without_workers().await;
    let id = enqueue(&app, "t1").await;
    let now = Timestamp::now();
    let first = store::claim(&app.db, now, now + chrono::Duration::seconds(60))
        .await
        .unwrap()
        .unwrap()
        .lease();
    let run_after = now + backbeat::jobs::retry_delay(1);

    assert!(
        store::retry_later(&app.db, &first, run_after, "boom", now)
            .await
            .unwrap()
    );
    let early = store::claim(&app.db, now, now + chrono::Duration::seconds(60))
        .await
        .unwrap();
    let due = run_after + chrono::Duration::seconds(1);
    let second = store::claim(&app.db, due, due + chrono::Duration::seconds(60))
        .await
        .unwrap()
        .unwrap()
        .lease();

    assert!(early.is_none());
    assert_eq!(second.attempt, 2);
    // The first attempt's worker no longer holds the job: its outcome is not recorded.
    let mut tx = app.db.begin().await.unwrap();
    assert!(!store::fail(&mut tx, &first, "late", due).await.unwrap());
    assert!(store::fail(&mut tx, &second, "gave up", due).await.unwrap());
    tx.commit().await.unwrap();
    let job = store::find(&app.db, &id).await.unwrap().unwrap();
    assert_eq!(job.status, "failed");
    assert_eq!(job.attempts, 2);
    assert_eq!(job.last_error.as_deref(), Some("gave up"));
}

#[tokio::test]
async fn a_job_left_running_by_a_crashed_process_is_finished_after_its_lease() {
    let app = app_without_workers().await;
    let (_, token) = app.user("Ana").await;
    let track = upload(&app, &token, &TrackForm::new("Song", "Ana")).await;
    let id = track["id"].as_str().unwrap().to_owned();
    // The process that claimed it died: the job reads running, its lease ran out.
    let expired = Timestamp::now() - chrono::Duration::seconds(5);
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE jobs SET status = 'running', attempts = 1, locked_until = $1")
        .bind(expired).execute(pool).await.map(drop).unwrap());

    let app = app.restart(|config| config.job_workers = 1).await;
    let processed = wait_for_status(&app, &id).await;

    assert_eq!(processed, "ready");
    let job: (String, i64) = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT status, attempts FROM jobs").fetch_one(pool).await.unwrap());
    assert_eq!(job, ("done".to_owned(), 2));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM renditions").await, 2);
}

#[tokio::test]
async fn a_track_whose_original_is_gone_fails_with_a_reason() {
    let app = app_without_workers().await;
    let (_, token) = app.user("Ana").await;
    let track = upload(&app, &token, &TrackForm::new("Song", "Ana")).await;
    let id = track["id"].as_str().unwrap().to_owned();
    for file in files_under(&app.data_dir.join("media/tracks")) {
        std::fs::remove_file(file).unwrap();
    }

    let app = app.restart(|config| config.job_workers = 1).await;
    let status = wait_for_status(&app, &id).await;

    assert_eq!(status, "failed");
    let (reason, job_status): (Option<String>, String) = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT t.failure_reason, j.status FROM tracks t, jobs j WHERE t.id = $1")
        .bind(&id).fetch_one(pool).await.unwrap());
    assert_eq!(
        reason.as_deref(),
        Some("The uploaded file is missing. Please upload the track again.")
    );
    assert_eq!(job_status, "failed");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM renditions").await, 0);
}

/// Waits for the track to leave `processing`, reading the database (tokens do not outlive a
/// restart: the issuer names the old port).
async fn wait_for_status(app: &TestApp, track_id: &str) -> String {
    for _ in 0..600 {
        let status: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
            "SELECT status FROM tracks WHERE id = $1")
            .bind(track_id).fetch_one(pool).await.unwrap());
        if status != "processing" {
            return status;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("track {track_id} is still processing after a minute");
}
