//! AutoMix live: how a separation goes (`event: stems` on `GET /api/v1/events`) reaches the
//! streams of the users who asked for the track's stems, and no one else's, on whichever
//! instance their stream is served (PostgreSQL).

use serde_json::{Value, json};

use backbeat::db::Timestamp;

use crate::helpers::app::{TestApp, postgres_admin_url, spawn_app_on};
use crate::helpers::automix::{FakeSeparator, app_with, ready_track, started, stems};
use crate::helpers::events::EventStream;
use crate::helpers::seed::{Seed, insert_track};

/// The progress the stems API shows for a separator's own percentage: the job counts the
/// separation as 5 to 90 % of its work.
fn shown(separator_percent: i64) -> i64 {
    5 + (separator_percent * 85 + 50) / 100
}

/// Reads the `stems` events of `stream`, all about `track`, until one is no longer `loading`;
/// `on_loading` sees the progress of each loading one as it comes. Answers them all.
async fn until_done(
    stream: &mut EventStream,
    track: &str,
    mut on_loading: impl FnMut(i64),
) -> Vec<Value> {
    let mut heard = Vec::new();
    loop {
        let (name, data) = stream.next_event().await;
        assert_eq!(name, "stems", "{data}");
        assert_eq!(data["track_id"], track, "{data}");
        let loading = data["status"] == "loading";
        if loading {
            on_loading(data["progress"].as_i64().unwrap());
        }
        heard.push(data);
        if !loading {
            return heard;
        }
    }
}

/// The progress of the loading events, in order.
fn progress_of(heard: &[Value]) -> Vec<i64> {
    heard
        .iter()
        .filter(|event| event["status"] == "loading")
        .map(|event| event["progress"].as_i64().unwrap())
        .collect()
}

fn assert_rising(progress: &[i64]) {
    assert!(
        progress.windows(2).all(|pair| pair[0] < pair[1]),
        "{progress:?}"
    );
}

#[tokio::test]
async fn the_users_who_asked_for_stems_hear_the_progress_then_ready_and_no_one_else_does() {
    let fake = FakeSeparator::stepped(&[20, 60]);
    let app = app_with(&fake, |_| {}).await;
    let (id, _) = ready_track(&app).await;
    let (_, starter) = app.user("Starter").await;
    let (_, reader) = app.user("Reader").await;
    let (_, bystander) = app.user("Bystander").await;
    let mut starter_events = EventStream::open(&app, &starter).await;
    let mut reader_events = EventStream::open(&app, &reader).await;
    let mut bystander_events = EventStream::open(&app, &bystander).await;

    started(&app, &starter, &id, 202).await;
    // Another listener reads the loading stems (the separator waits at 20 %): they asked too.
    assert_eq!(stems(&app, &reader, &id).await["status"], "loading");
    // The separator goes on only once the starter heard where it waits.
    let heard = until_done(&mut starter_events, &id, |progress| {
        if progress == shown(20) {
            fake.release_step(0);
        } else if progress == shown(60) {
            fake.release_step(1);
        }
    })
    .await;
    let read = until_done(&mut reader_events, &id, |_| {}).await;

    let progress = progress_of(&heard);
    assert_rising(&progress);
    assert!(
        progress.contains(&shown(20)) && progress.contains(&shown(60)),
        "{progress:?}"
    );
    assert!(
        progress.iter().all(|percent| *percent < 100),
        "{progress:?}"
    );
    let ready = json!({"track_id": id, "status": "ready", "progress": 100});
    assert_eq!(heard.last(), Some(&ready));
    // Ready as the event said: the stems API has the URLs.
    let answer = stems(&app, &starter, &id).await;
    assert_eq!(answer["status"], "ready", "{answer}");
    assert!(answer["vocals_url"].is_string(), "{answer}");
    // The reader hears what came after they asked.
    assert!(progress_of(&read).contains(&shown(60)), "{read:?}");
    assert_rising(&progress_of(&read));
    assert_eq!(read.last(), Some(&ready));
    // The bystander heard nothing of it: the first event on their stream is about the stems
    // they ask for now, announced after every event of the first track.
    let (other, _) = ready_track(&app).await;
    started(&app, &bystander, &other, 202).await;
    let (name, first) = bystander_events.next_event().await;
    assert_eq!(name, "stems");
    assert_eq!(first["track_id"], other, "{first}");
}

#[tokio::test]
async fn a_failed_separation_reaches_the_stream_as_an_error() {
    let fake = FakeSeparator::new("echo ' 30%|###' >&2\necho 'out of memory' >&2\nexit 1");
    let app = app_with(&fake, |_| {}).await;
    let (id, _) = ready_track(&app).await;
    let (_, listener) = app.user("Listener").await;
    let mut events = EventStream::open(&app, &listener).await;

    started(&app, &listener, &id, 202).await;
    let heard = until_done(&mut events, &id, |_| {}).await;

    assert_rising(&progress_of(&heard));
    assert_eq!(
        heard.last(),
        Some(&json!({"track_id": id, "status": "error", "progress": 0}))
    );
    // Failed as the event said: the stems API has the message (AutoMix's, not the separator's).
    let answer = stems(&app, &listener, &id).await;
    assert_eq!(answer["status"], "error", "{answer}");
    assert_eq!(
        answer["error"],
        backbeat::errors::AUTOMIX_FAILED.message,
        "{answer}"
    );
}

#[tokio::test]
async fn a_listener_whose_stream_is_on_another_instance_hears_the_separation() {
    let Some(_) = postgres_admin_url() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set, so there is no PostgreSQL to share");
        return;
    };
    let fake = FakeSeparator::stepped(&[20]);
    let command = fake.command();
    let first = spawn_app_on("postgres", |config| config.automix.command = Some(command)).await;
    // The request and the separation on the first instance, the stream on the second.
    let second = first
        .spawn_peer_with(|config| config.automix.concurrency = 0)
        .await;
    let (id, _) = ready_track(&first).await;
    let (_, listener) = first.user("Listener").await;
    let mut events = EventStream::open(&second, &listener).await;

    started(&first, &listener, &id, 202).await;
    let heard = until_done(&mut events, &id, |progress| {
        if progress == shown(20) {
            fake.release_step(0);
        }
    })
    .await;

    let progress = progress_of(&heard);
    assert_rising(&progress);
    assert!(progress.contains(&shown(20)), "{progress:?}");
    assert_eq!(
        heard.last(),
        Some(&json!({"track_id": id, "status": "ready", "progress": 100}))
    );
}

/// The tracks whose stems someone asked for, one row per user and track, in order.
async fn watched(app: &TestApp) -> Vec<String> {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT track_id FROM stem_watchers ORDER BY track_id")
        .fetch_all(pool).await.unwrap())
}

#[tokio::test]
async fn who_asked_is_forgotten_a_day_after_the_stems_stop_loading_and_never_while_they_load() {
    // No separation runs here: the stems stay loading until the test says otherwise.
    let fake = FakeSeparator::copying();
    let app = app_with(&fake, |config| config.automix.concurrency = 0).await;
    let (uploader, _) = app.user("Uploader").await;
    let finished = insert_track(&app, Seed::ready(&uploader, "Finished", "Ana")).await;
    let loading = insert_track(&app, Seed::ready(&uploader, "Loading", "Ana")).await;
    let (_, listener) = app.user("Listener").await;
    started(&app, &listener, &finished, 202).await;
    started(&app, &listener, &loading, 202).await;
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE track_stems SET status = 'ready', progress = 100 WHERE track_id = $1")
        .bind(&finished).execute(pool).await.map(drop).unwrap());
    let mut both = vec![finished.clone(), loading.clone()];
    both.sort();

    let an_hour_ago = Timestamp::now() - chrono::Duration::hours(1);
    let removed_early = backbeat::automix::store::sweep_watchers(&app.db, an_hour_ago)
        .await
        .unwrap();
    let kept_early = watched(&app).await;
    let a_day_later = Timestamp::now() + chrono::Duration::days(1);
    let removed_later = backbeat::automix::store::sweep_watchers(&app.db, a_day_later)
        .await
        .unwrap();

    assert_eq!((removed_early, kept_early), (0, both));
    assert_eq!(removed_later, 1);
    assert_eq!(watched(&app).await, [loading]);
}
