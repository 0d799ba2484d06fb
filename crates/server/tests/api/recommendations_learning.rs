//! The recommender that learns: neighbours folded in incrementally by the
//! `update_neighbours` job, requests that never wait for it, what is never recommended (my
//! own uploads, what I played in the last 30 days), at most 2 tracks of an artist, and the
//! `backbeat recommendations` commands.

use backbeat::db::Timestamp;
use reqwest::Method;

use crate::helpers::app::{TestApp, count, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::call_ok;
use crate::helpers::seed::{Seed, insert_track, play};
use crate::recommendations::{learn, recommended, track_at};

/// The stored score of `neighbour` as a neighbour of `track` (0 when it is none).
async fn score(app: &TestApp, track: &str, neighbour: &str) -> f64 {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT COALESCE(SUM(score), 0.0) FROM track_neighbours \
         WHERE track_id = $1 AND neighbour_id = $2")
        .bind(track).bind(neighbour).fetch_one(pool).await.unwrap())
}

/// How many rows the query planner's statistics give `table`: PostgreSQL's estimate in
/// `pg_class` (-1 before any `ANALYZE`), SQLite's count in `sqlite_stat1` (0 without one).
async fn planner_rows(app: &TestApp, table: &str) -> i64 {
    match &app.db {
        backbeat::db::Db::Postgres(pool) => {
            let rows: f32 = sqlx::query_scalar("SELECT reltuples FROM pg_class WHERE relname = $1")
                .bind(table)
                .fetch_one(pool)
                .await
                .unwrap();
            rows as i64
        }
        backbeat::db::Db::Sqlite(pool) => {
            let stat: Option<String> =
                sqlx::query_scalar("SELECT max(stat) FROM sqlite_stat1 WHERE tbl = $1")
                    .bind(table)
                    .fetch_one(pool)
                    .await
                    .unwrap_or(None);
            stat.and_then(|s| s.split(' ').next()?.parse().ok())
                .unwrap_or(0)
        }
    }
}

/// A listen of `user` `days` ago, written as history import would.
async fn listened_days_ago(app: &TestApp, user: &str, track: &str, days: i64) {
    let at = Timestamp::now() - chrono::Duration::days(days);
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
         VALUES ($1, $2, $3, $4, FALSE)")
        .bind(uuid::Uuid::now_v7().to_string()).bind(user).bind(track).bind(at)
        .execute(pool).await.map(drop).unwrap());
}

#[tokio::test]
async fn a_play_is_folded_in_by_the_job_once_and_the_next_plays_add_to_it() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let (_, cy) = app.user("Cy").await;
    let first = insert_track(&app, Seed::ready(&ana, "First", "Ana")).await;
    let second = insert_track(&app, Seed::ready(&ana, "Second", "Ana")).await;
    play(&app, &bo, &first).await;
    play(&app, &bo, &second).await;
    assert_eq!(
        score(&app, &first, &second).await,
        0.0,
        "not on the request"
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM jobs WHERE kind = 'update_neighbours' AND status = 'queued'"
        )
        .await,
        1,
        "queued once for both plays"
    );

    let folded = learn(&app).await;

    assert_eq!((folded.listens, folded.likes), (2, 0));
    let once = score(&app, &first, &second).await;
    assert!(once > 0.0);
    assert_eq!(score(&app, &second, &first).await, once, "both ways");
    assert_eq!(learn(&app).await.listens, 0, "nothing folded twice");
    assert_eq!(score(&app, &first, &second).await, once);

    play(&app, &cy, &first).await;
    play(&app, &cy, &second).await;
    let like = format!("/tracks/{first}/like");
    call_ok(&app, Method::PUT, &like, &cy, None, 200).await;
    let folded = learn(&app).await;

    assert_eq!((folded.listens, folded.likes), (2, 1));
    let twice = score(&app, &first, &second).await;
    assert!(twice > 1.9 * once, "{once} then {twice}");
}

#[tokio::test]
async fn a_request_does_not_wait_for_the_job_and_its_neighbours_come_first_once_learnt() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let (_, bo) = app.user("Bo").await;
    let jazz = |title, artist, plays| Seed {
        genre: Some("Jazz"),
        plays,
        ..Seed::ready(&ana, title, artist)
    };
    let shared = track_at(&app, jazz("Shared", "Ana", 0), 0).await;
    track_at(&app, jazz("Popular jazz", "Cy", 50), 1).await;
    let along = track_at(&app, jazz("Played along", "Di", 0), 2).await;
    play(&app, &bo, &shared).await;
    play(&app, &bo, &along).await;
    play(&app, &me, &shared).await;

    let before = recommended(&app, &me).await;

    assert_eq!(before[0], "Popular jazz", "{before:?}");

    learn(&app).await;
    let after = recommended(&app, &me).await;

    assert_eq!(after[0], "Played along", "{after:?}");
}

#[tokio::test]
async fn my_uploads_and_what_i_played_in_the_last_30_days_are_not_recommended() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (mo, me) = app.user("Mo").await;
    let (_, bo) = app.user("Bo").await;
    let shared = track_at(&app, Seed::ready(&ana, "Shared", "Ana"), 0).await;
    let mine = track_at(&app, Seed::ready(&mo, "Mine", "Mo"), 1).await;
    let recent = track_at(&app, Seed::ready(&ana, "Recent", "Bea"), 2).await;
    let long_ago = track_at(&app, Seed::ready(&ana, "Long ago", "Cid"), 3).await;
    let fresh = track_at(&app, Seed::ready(&ana, "Fresh", "Dot"), 4).await;
    for track in [&shared, &mine, &recent, &long_ago, &fresh] {
        play(&app, &bo, track).await;
    }
    listened_days_ago(&app, &mo, &long_ago, 40).await;
    play(&app, &me, &recent).await;
    play(&app, &me, &shared).await;
    learn(&app).await;

    let titles = recommended(&app, &me).await;

    assert!(!titles.contains(&"Mine".to_owned()), "{titles:?}");
    let mut neighbours = titles[..2].to_vec();
    neighbours.sort();
    assert_eq!(neighbours, ["Fresh", "Long ago"], "{titles:?}");
    // Only the catalog fill shows what I played lately, after all else.
    assert_eq!(titles[2..], ["Recent", "Shared"], "{titles:?}");
}

#[tokio::test]
async fn at_most_two_tracks_of_an_artist_when_others_can_fill_the_ten() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let (_, bo) = app.user("Bo").await;
    let shared = track_at(&app, Seed::ready(&ana, "Shared", "Solo"), 0).await;
    play(&app, &me, &shared).await;
    play(&app, &bo, &shared).await;
    for i in 0..5 {
        let title = format!("Prolific {i}");
        let track = track_at(&app, Seed::ready(&ana, &title, "Prolific"), 1 + i).await;
        play(&app, &bo, &track).await;
    }
    for i in 0..10 {
        let title = format!("Other {i}");
        track_at(
            &app,
            Seed::ready(&ana, &title, &format!("Artist {i}")),
            10 + i,
        )
        .await;
    }
    learn(&app).await;

    let titles = recommended(&app, &me).await;

    assert_eq!(titles.len(), 10);
    let prolific = titles.iter().filter(|t| t.starts_with("Prolific")).count();
    assert_eq!(prolific, 2, "{titles:?}");
    assert!(titles[0].starts_with("Prolific"), "{titles:?}");
}

#[tokio::test]
async fn the_rebuild_command_learns_all_history_again_and_update_folds_in_the_rest() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let first = insert_track(&app, Seed::ready(&ana, "First", "Ana")).await;
    let second = insert_track(&app, Seed::ready(&ana, "Second", "Ana")).await;
    play(&app, &bo, &first).await;
    play(&app, &bo, &second).await;
    learn(&app).await;
    let learnt = score(&app, &first, &second).await;

    let rebuilt = cli::backbeat(&app, &["recommendations", "rebuild"], &[]).await;

    assert_eq!(
        stdout(&rebuilt),
        "folded in 2 listens and 0 likes: 2 neighbour pairs stored\n"
    );
    assert_eq!(score(&app, &first, &second).await, learnt, "not doubled");
    assert_eq!(
        planner_rows(&app, "track_neighbours").await,
        2,
        "the planner sees the rebuilt table's rows at once"
    );
    let updated = cli::backbeat(&app, &["recommendations", "update"], &[]).await;
    assert_eq!(
        stdout(&updated),
        "folded in 0 listens and 0 likes: 2 neighbour pairs stored\n"
    );
}

/// Every stored (track, neighbour, score) and (track, weight), in order.
async fn learnt(app: &TestApp) -> (Vec<(String, String, f64)>, Vec<(String, f64)>) {
    backbeat::on_db!(&app.db, pool => {
        let pairs = sqlx::query_as(
            "SELECT track_id, neighbour_id, score FROM track_neighbours ORDER BY 1, 2")
            .fetch_all(pool).await.unwrap();
        let weights = sqlx::query_as(
            "SELECT track_id, weight FROM track_signal_weights ORDER BY 1")
            .fetch_all(pool).await.unwrap();
        (pairs, weights)
    })
}

#[tokio::test]
async fn the_rebuild_learns_in_one_pass_what_the_job_learns_batch_by_batch() {
    let app = spawn_app().await;
    let (artist, _) = app.user("Ana").await;
    let mut listeners = Vec::new();
    for name in ["Bo", "Cy", "Di", "Ed", "Fay"] {
        listeners.push(app.user(name).await.0);
    }
    let mut tracks = Vec::new();
    for n in 0..12 {
        let title = format!("Track {n}");
        tracks.push(insert_track(&app, Seed::ready(&artist, &title, "Ana")).await);
    }
    // Listens out of time order (as an import writes them), some at the same moment; likes
    // between them, some at the moment of one of the liker's listens, two by a listener who
    // never listened.
    let start = Timestamp::now() - chrono::Duration::days(40);
    let mut listens: Vec<(usize, usize, i64)> = (0..159i64)
        .map(|i| {
            (
                (i % 3) as usize,
                ((i * 7 + i / 3) % 12) as usize,
                (i * 37) % 300 / 2 * 2,
            )
        })
        .collect();
    // Fay likes two tracks at the moment she listens to a third: each like pairs with the
    // listen, not with the other like.
    listens.push((4, 10, 500));
    let mut likes = std::collections::BTreeSet::new();
    for i in 0..10 {
        let (user, track, hour) = listens[i * 13 + 1];
        likes.insert((user, (track + 1 + i % 5) % 12, hour + (i as i64 % 2)));
    }
    likes.insert((3, 4, 10));
    likes.insert((3, 9, 20));
    likes.insert((4, 11, 500));
    likes.insert((4, 9, 500));
    for (user, track, hour) in &listens {
        let at = start + chrono::Duration::hours(*hour);
        backbeat::on_db!(&app.db, pool => sqlx::query(
            "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
             VALUES ($1, $2, $3, $4, FALSE)")
            .bind(uuid::Uuid::now_v7().to_string()).bind(&listeners[*user])
            .bind(&tracks[*track]).bind(at).execute(pool).await.map(drop).unwrap());
    }
    for (user, track, hour) in &likes {
        let at = start + chrono::Duration::hours(*hour);
        backbeat::on_db!(&app.db, pool => sqlx::query(
            "INSERT INTO liked_tracks (user_id, track_id, created_at) VALUES ($1, $2, $3)")
            .bind(&listeners[*user]).bind(&tracks[*track]).bind(at)
            .execute(pool).await.map(drop).unwrap());
    }
    let folded = learn(&app).await;
    assert_eq!((folded.listens, folded.likes), (160, likes.len() as u64));
    let (job_pairs, job_weights) = learnt(&app).await;

    let rebuilt = cli::backbeat(&app, &["recommendations", "rebuild"], &[]).await;

    assert_eq!(
        stdout(&rebuilt),
        format!(
            "folded in 160 listens and {} likes: {} neighbour pairs stored\n",
            likes.len(),
            job_pairs.len()
        )
    );
    let (pairs, weights) = learnt(&app).await;
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs());
    assert_eq!(pairs.len(), job_pairs.len());
    for (ours, job) in pairs.iter().zip(&job_pairs) {
        assert!(
            ours.0 == job.0 && ours.1 == job.1 && close(ours.2, job.2),
            "{ours:?} against the job's {job:?}"
        );
    }
    assert_eq!(weights.len(), job_weights.len());
    for (ours, job) in weights.iter().zip(&job_weights) {
        assert!(ours.0 == job.0 && close(ours.1, job.1), "{ours:?} {job:?}");
    }
    let updated = cli::backbeat(&app, &["recommendations", "update"], &[]).await;
    assert!(
        stdout(&updated).starts_with("folded in 0 listens and 0 likes"),
        "the job's marks moved past what the rebuild read: {}",
        stdout(&updated)
    );
}
