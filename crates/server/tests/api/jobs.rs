//! The durable job queue: claims with leases (many claimers at once, as many nodes' workers
//! claim), retries later, recovery after a crash, a lease taken over from a node that died or
//! stalled, and the files of a dead attempt.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use backbeat::catalog::upload::processing::{ProcessTrack, Processing};
use backbeat::config::Config;
use backbeat::db::{Db, Timestamp, Tx};
use backbeat::jobs::store::JobStatus;
use backbeat::jobs::worker::{WorkerContext, Workers};
use backbeat::jobs::{DEFAULT_LANE, JobError, JobHandler, JobHandlers, JobQueue, Lease, store};
use backbeat::media::{MediaKey, MediaStore};
use futures_util::future::BoxFuture;

use crate::helpers::app::{TestApp, count, files_under, spawn_app_with};
use crate::helpers::cli::{backbeat, stdout};
use crate::helpers::media::{TrackForm, upload};

/// The kinds the tests claim.
const KINDS: &[&str] = &[ProcessTrack::KIND];
/// The node the tests claim as.
const NODE: &str = "node-test";

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

/// The processing job `node` claims at `at` with a lease of `lease_secs`, if one is due.
async fn claim_at(
    app: &TestApp,
    node: &str,
    at: Timestamp,
    lease_secs: i64,
) -> Option<store::ClaimedJob> {
    let until = at + chrono::Duration::seconds(lease_secs);
    store::claim(&app.db, at, until, KINDS, node).await.unwrap()
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

    let claims = futures_util::future::join_all(
        (0..8).map(|_| store::claim(&app.db, now, lease, KINDS, NODE)),
    )
    .await;

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
    assert!(
        store::claim(&app.db, later, later, KINDS, NODE)
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_claim_takes_only_the_kinds_of_its_lane() {
    let app = app_without_workers().await;
    let mut tx = app.db.begin().await.unwrap();
    let queue = JobQueue::default();
    let other = queue
        .enqueue(
            &mut tx,
            "other_kind",
            &serde_json::json!({}),
            Timestamp::now(),
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let id = enqueue(&app, "t1").await;
    let now = Timestamp::now() + chrono::Duration::seconds(1);
    let lease = now + chrono::Duration::seconds(60);

    let processing = store::claim(&app.db, now, lease, KINDS, NODE)
        .await
        .unwrap();
    let nothing_else = store::claim(&app.db, now, lease, KINDS, NODE)
        .await
        .unwrap();
    let other_lane = store::claim(&app.db, now, lease, &["other_kind", "third_kind"], NODE)
        .await
        .unwrap();

    // The older job of another kind waits for its own lane's workers.
    assert_eq!(processing.unwrap().id, id);
    assert!(nothing_else.is_none());
    assert_eq!(other_lane.unwrap().id, other);
}

#[tokio::test]
async fn a_failed_attempt_runs_again_after_its_delay_and_a_lost_lease_changes_nothing() {
    let app = app_without_workers().await;
    let id = enqueue(&app, "t1").await;
    let now = Timestamp::now();
    let first = claim_at(&app, NODE, now, 60).await.unwrap().lease();
    let run_after = now + backbeat::jobs::retry_delay(1);

    assert!(
        store::retry_later(&app.db, &first, run_after, "boom", now)
            .await
            .unwrap()
    );
    let early = claim_at(&app, NODE, now, 60).await;
    let due = run_after + chrono::Duration::seconds(1);
    let second = claim_at(&app, NODE, due, 60).await.unwrap().lease();

    assert!(early.is_none());
    assert_eq!(second.attempt, 2);
    // The first attempt's worker no longer holds the job: its outcome is not recorded.
    let mut tx = app.db.begin().await.unwrap();
    assert!(!store::fail(&mut tx, &first, "late", due).await.unwrap());
    assert!(store::fail(&mut tx, &second, "gave up", due).await.unwrap());
    tx.commit().await.unwrap();
    let job = store::find(&app.db, &id).await.unwrap().unwrap();
    assert_eq!(job.status, JobStatus::Failed);
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

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_claimers_at_once_take_every_job_exactly_once() {
    let app = app_without_workers().await;
    let mut queued = Vec::new();
    for n in 0..48 {
        queued.push(enqueue(&app, &format!("t{n}")).await);
    }
    let now = Timestamp::now() + chrono::Duration::seconds(1);
    let lease = now + chrono::Duration::seconds(60);

    // Claimers on tasks of their own, on several threads, so their claims overlap in the
    // database as those of many nodes' workers do: each claims until none is left.
    let claimers = (0..16).map(|n| {
        let db = app.db.clone();
        tokio::spawn(async move {
            let node = format!("node-{n}");
            let mut mine = Vec::new();
            while let Some(job) = store::claim(&db, now, lease, KINDS, &node).await.unwrap() {
                mine.push((job.id, node.clone()));
            }
            mine
        })
    });
    let claimed: Vec<(String, String)> = futures_util::future::join_all(claimers)
        .await
        .into_iter()
        .flat_map(Result::unwrap)
        .collect();

    let mut ids: Vec<_> = claimed.iter().map(|(id, _)| id.clone()).collect();
    ids.sort();
    queued.sort();
    assert_eq!(ids, queued, "every job claimed, none twice");
    for (id, node) in &claimed {
        let job = store::find(&app.db, id).await.unwrap().unwrap();
        assert_eq!(job.status, JobStatus::Running);
        assert_eq!(job.attempts, 1, "{id} was claimed more than once");
        assert_eq!(job.locked_by.as_deref(), Some(node.as_str()));
    }
}

#[tokio::test]
async fn an_expired_lease_is_taken_over_and_the_stale_workers_writes_change_nothing() {
    let app = app_without_workers().await;
    let id = enqueue(&app, "t1").await;
    let start = Timestamp::now() + chrono::Duration::seconds(1);
    let seconds = chrono::Duration::seconds;
    let stale = claim_at(&app, "node-a", start, 2).await.unwrap().lease();

    let while_held = claim_at(&app, NODE, start + seconds(1), 2).await;
    let later = start + seconds(3);
    let taken = claim_at(&app, "node-b", later, 2).await.unwrap().lease();

    assert!(while_held.is_none(), "a held lease was taken");
    assert_eq!(taken.attempt, 2);
    // The first node's worker, only slow, still believes it holds the job.
    assert!(
        !store::extend(&app.db, &stale, later + seconds(60))
            .await
            .unwrap()
    );
    assert!(
        !store::retry_later(&app.db, &stale, later, "late", later)
            .await
            .unwrap()
    );
    assert!(!store::release(&app.db, &stale, later).await.unwrap());
    let mut tx = app.db.begin().await.unwrap();
    assert!(!store::complete(&mut tx, &stale, later).await.unwrap());
    assert!(!store::fail(&mut tx, &stale, "late", later).await.unwrap());
    tx.commit().await.unwrap();
    let job = store::find(&app.db, &id).await.unwrap().unwrap();
    assert_eq!(
        (job.status, job.attempts, job.locked_by.as_deref()),
        (JobStatus::Running, 2, Some("node-b"))
    );
    assert_eq!(job.locked_until, Some(later + seconds(2)));
    assert_eq!(job.last_error, None);
    // The node that took it over ends it, once.
    let mut tx = app.db.begin().await.unwrap();
    assert!(store::complete(&mut tx, &taken, later).await.unwrap());
    assert!(!store::complete(&mut tx, &taken, later).await.unwrap());
    tx.commit().await.unwrap();
    assert!(store::ended_by(&app.db, &taken).await.unwrap());
    assert!(!store::ended_by(&app.db, &stale).await.unwrap());
    assert_eq!(
        store::find(&app.db, &id).await.unwrap().unwrap().status,
        JobStatus::Done
    );
}

/// The processing handler as a node's worker runs it, on the app's database and media.
fn processing(app: &TestApp) -> Processing {
    Processing {
        db: app.db.clone(),
        media: MediaStore::local(&app.data_dir.join("media")).unwrap(),
        tmp_dir: app.data_dir.join("tmp"),
        audio_limits: Config::default().audio_limits(),
        job_timeout: std::time::Duration::from_secs(300),
    }
}

/// The keys of the renditions recorded for a track, sorted.
async fn recorded_renditions(app: &TestApp, track_id: &str) -> Vec<String> {
    let mut keys: Vec<String> = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1")
        .bind(track_id).fetch_all(pool).await.unwrap());
    keys.sort();
    keys
}

/// The keys of the files stored under a track's renditions folder, sorted.
fn stored_renditions(app: &TestApp, track_id: &str) -> Vec<String> {
    let media = app.data_dir.join("media");
    let mut keys: Vec<String> = files_under(&media.join("renditions").join(track_id))
        .into_iter()
        .map(|path| path.strip_prefix(&media).unwrap().display().to_string())
        .collect();
    keys.sort();
    keys
}

#[tokio::test]
async fn a_worker_that_lost_its_lease_records_nothing_and_leaves_no_file() {
    let app = app_without_workers().await;
    let (_, token) = app.user("Ana").await;
    let track = upload(&app, &token, &TrackForm::new("Song", "Ana")).await;
    let id = track["id"].as_str().unwrap().to_owned();
    let start = Timestamp::now() + chrono::Duration::seconds(1);
    let seconds = chrono::Duration::seconds;
    let claimed = claim_at(&app, "node-a", start, 2).await.unwrap();
    let later = start + seconds(3);
    let taken = claim_at(&app, "node-b", later, 600).await.unwrap().lease();
    let handler = processing(&app);

    // node-a's worker was slow, not dead: it finishes its run after node-b took the job over.
    handler
        .run(&claimed.payload, &claimed.lease())
        .await
        .unwrap();

    assert_eq!(recorded_renditions(&app, &id).await, Vec::<String>::new());
    assert_eq!(stored_renditions(&app, &id), Vec::<String>::new());
    assert_eq!(
        store::find(&app.db, &claimed.id)
            .await
            .unwrap()
            .unwrap()
            .status,
        JobStatus::Running
    );
    handler.run(&claimed.payload, &taken).await.unwrap();
    let recorded = recorded_renditions(&app, &id).await;
    assert_eq!(recorded.len(), 2, "one set of renditions: {recorded:?}");
    assert_eq!(stored_renditions(&app, &id), recorded);
}

#[tokio::test]
async fn a_job_whose_node_died_is_finished_by_another_node_once_without_its_files() {
    let app = spawn_app_with(|config| {
        config.job_workers = 0;
        config.job_lease_secs = 2;
    })
    .await;
    let (_, token) = app.user("Ana").await;
    let track = upload(&app, &token, &TrackForm::new("Song", "Ana")).await;
    let id = track["id"].as_str().unwrap().to_owned();
    // node-a claimed the job, stored part of its renditions, and died.
    let now = Timestamp::now();
    claim_at(&app, "node-a", now, 2).await.unwrap();
    let media = MediaStore::local(&app.data_dir.join("media")).unwrap();
    let dead_run = format!("renditions/{id}/0190dead-run/standard.mp3");
    media
        .put_new(&MediaKey::parse(&dead_run).unwrap(), "partial".into())
        .await
        .unwrap();

    // node-b runs workers with the same lease.
    let app = app
        .restart(|config| {
            config.job_workers = 1;
            config.node_id = Some("node-b".into());
        })
        .await;
    let status = wait_for_status(&app, &id).await;

    assert_eq!(status, "ready");
    let job: (String, i64, Option<String>) = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT status, attempts, locked_by FROM jobs").fetch_one(pool).await.unwrap());
    assert_eq!(job, ("done".to_owned(), 2, Some("node-b".to_owned())));
    let recorded = recorded_renditions(&app, &id).await;
    assert_eq!(recorded.len(), 2, "one set of renditions: {recorded:?}");
    // The dead attempt's file goes once node-b has recorded its own.
    let stored = wait_for(|| {
        let stored = stored_renditions(&app, &id);
        (stored == recorded).then_some(stored)
    })
    .await;
    assert!(!stored.contains(&dead_run));
}

/// Polls `check` until it answers something (a minute at most).
async fn wait_for<T>(check: impl Fn() -> Option<T>) -> T {
    for _ in 0..600 {
        if let Some(found) = check() {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("still not so after a minute");
}

#[tokio::test]
async fn the_jobs_command_shows_which_node_holds_which_job() {
    let app = app_without_workers().await;
    let running = enqueue(&app, "t1").await;
    let queued = enqueue(&app, "t2").await;
    claim_at(&app, "node-a", Timestamp::now(), 60)
        .await
        .unwrap();

    let all = stdout(&backbeat(&app, &["jobs", "list"], &[]).await);
    let only_running = stdout(&backbeat(&app, &["jobs", "list", "--status", "running"], &[]).await);

    let line_of = |id: &str| {
        all.lines()
            .find(|line| line.starts_with(id))
            .unwrap()
            .to_owned()
    };
    let running_line = line_of(&running);
    assert!(all.starts_with("id "), "{all}");
    assert!(
        running_line.contains("running") && running_line.contains("node-a"),
        "{all}"
    );
    let queued_line = line_of(&queued);
    assert!(
        queued_line.contains("queued") && !queued_line.contains("node-a"),
        "{all}"
    );
    assert!(only_running.contains(&running) && !only_running.contains(&queued));
}

/// A kind of job whose attempt ends the job in its own transaction (as the stems job records
/// its result), then takes a lease's time more, so that its lease is renewed in between.
struct EndsItself {
    db: Db,
    lease: Duration,
    tidied: Arc<AtomicBool>,
}

impl JobHandler for EndsItself {
    fn kind(&self) -> &'static str {
        "ends_itself"
    }

    fn lane(&self) -> &'static str {
        DEFAULT_LANE
    }

    fn run<'a>(&'a self, _: &'a str, lease: &'a Lease) -> BoxFuture<'a, Result<(), JobError>> {
        Box::pin(async move {
            let mut tx = self.db.begin().await.map_err(JobError::retryable)?;
            store::complete(&mut tx, lease, Timestamp::now())
                .await
                .map_err(JobError::retryable)?;
            tx.commit().await.map_err(JobError::retryable)?;
            tokio::time::sleep(self.lease).await;
            Ok(())
        })
    }

    fn give_up<'a>(
        &'a self,
        _: &'a mut Tx,
        _: &'a str,
        _: &'a anyhow::Error,
    ) -> BoxFuture<'a, sqlx::Result<()>> {
        Box::pin(std::future::ready(Ok(())))
    }

    fn tidy<'a>(&'a self, _: &'a str) -> BoxFuture<'a, ()> {
        self.tidied.store(true, Ordering::SeqCst);
        Box::pin(std::future::ready(()))
    }
}

#[tokio::test]
async fn an_attempt_that_ends_its_job_itself_still_cleans_up_after_it() {
    let app = app_without_workers().await;
    let lease = Duration::from_millis(300);
    let tidied = Arc::new(AtomicBool::new(false));
    let queue = JobQueue::default();
    let handler = EndsItself {
        db: app.db.clone(),
        lease,
        tidied: tidied.clone(),
    };
    let mut tx = app.db.begin().await.unwrap();
    queue
        .enqueue(&mut tx, handler.kind(), &(), Timestamp::now())
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let context = WorkerContext {
        db: app.db.clone(),
        queue,
        handlers: JobHandlers::default().with(handler),
        job_timeout: Duration::from_secs(60),
        lease,
        node: NODE.into(),
    };

    let workers = Workers::start(context, &[(DEFAULT_LANE, 1)]);
    for _ in 0..100 {
        if tidied.load(Ordering::SeqCst) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    workers.stop().await;

    // Its renewals found the job done while the attempt went on: not a lease lost to another
    // node, so the attempt that ended the job also deleted what dead attempts left.
    assert!(tidied.load(Ordering::SeqCst), "the job was never tidied");
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM jobs WHERE status = 'done'").await,
        1
    );
}
