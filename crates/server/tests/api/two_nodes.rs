//! Two `backbeat` processes behind one (imagined) load balancer, sharing PostgreSQL, an S3 bucket
//! on a loopback S3 server and one set of keys: what one node does, the other sees. An upload made
//! on node A streams from node B with A's signed URL; a play on A reaches a follower's live stream
//! on B; one withdrawal request sent to both nodes at once with one idempotency key makes one
//! withdrawal; a node killed with SIGKILL mid-processing leaves its job to the other node, which
//! finishes it and stores one result.
//!
//! These tests need PostgreSQL (several nodes share a database; SQLite is one process): they
//! run in the PostgreSQL pass of `make test` (`make test-rust-postgres`, which CI always runs).

use std::time::{Duration, Instant};

use reqwest::header::{CONTENT_RANGE, RANGE};
use serde_json::Value;

use crate::helpers::app::{TestApp, count, scalar};
use crate::helpers::cluster::{Cluster, MEDIA_PREFIX};
use crate::helpers::events::EventStream;
use crate::helpers::http::get;
use crate::helpers::media::{TrackForm, upload, wav};
use crate::helpers::payouts::{assert_balances_match_ledger, credit, paypal, withdraw};
use crate::helpers::seed::{Seed, follow, insert_track, play};

/// Polls a track (on whichever node `app` is) until it is no longer processing.
async fn processed(app: &TestApp, token: &str, id: &str, patience: Duration) -> Value {
    let started = Instant::now();
    loop {
        let track = get(app, &format!("/tracks/{id}"), token).await;
        if track["status"] != "processing" {
            return track;
        }
        assert!(
            started.elapsed() < patience,
            "track {id} is still processing"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn an_upload_on_one_node_streams_from_the_other_with_its_signed_url() {
    let Some(cluster) = Cluster::start().await else {
        return;
    };
    let (a, b) = (cluster.node("a").await, cluster.node("b").await);
    let (_, token) = cluster.owner.user("Ana").await;
    let form = TrackForm {
        audio: Some(("master.wav".into(), wav(4.0))),
        ..TrackForm::new("Across", "Ana")
    };

    let uploaded = upload(&a.app, &token, &form).await;
    let id = uploaded["id"].as_str().unwrap();
    let ready = processed(&b.app, &token, id, Duration::from_secs(120)).await;
    assert_eq!(ready["status"], "ready", "{ready}");
    let signed = get(&a.app, &format!("/tracks/{id}/stream-url"), &token).await;
    let url = signed["url"].as_str().unwrap();

    // The free plan's rendition, as stored in the bucket.
    let key: String = backbeat::on_db!(&cluster.owner.db, pool => sqlx::query_scalar(
        "SELECT media_key FROM renditions WHERE track_id = $1 AND quality = 'standard'")
        .bind(id).fetch_one(pool).await.unwrap());
    let stored = cluster.s3.object(MEDIA_PREFIX, &key);
    let size = stored.len();
    for (range, expected) in [
        ("bytes=0-99".to_owned(), &stored[..100]),
        (format!("bytes={}-", size - 1000), &stored[size - 1000..]),
        ("bytes=-512".to_owned(), &stored[size - 512..]),
    ] {
        let response = b
            .app
            .client
            .get(b.app.url(url))
            .header(RANGE, &range)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 206, "{range}");
        assert!(response.headers().contains_key(CONTENT_RANGE), "{range}");
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            expected,
            "{range}"
        );
    }
    // And the access token node A's sign-in would have issued works on B: it is the owner's.
    let on_b = get(&b.app, &format!("/tracks/{id}"), &token).await;
    assert_eq!(on_b["title"], "Across");
}

#[tokio::test]
async fn a_play_on_one_node_reaches_a_follower_streaming_from_the_other() {
    let Some(cluster) = Cluster::start().await else {
        return;
    };
    let (a, b) = (cluster.node("a").await, cluster.node("b").await);
    let (y, y_token) = cluster.owner.user("Yara").await;
    let (_, x_token) = cluster.owner.user("Xavi").await;
    let (artist, _) = cluster.owner.user("Nova").await;
    let track = insert_track(&cluster.owner, Seed::ready(&artist, "Signal", "Nova")).await;
    follow(&b.app, &x_token, &y).await;
    let mut x_events = EventStream::open(&b.app, &x_token).await;

    let started = Instant::now();
    play(&a.app, &y_token, &track).await;
    let (event, data) = x_events.next_event().await;

    assert_eq!(event, "friend_listen", "{data}");
    assert_eq!(data["user"]["id"], y.as_str(), "{data}");
    assert_eq!(data["track"]["id"], track.as_str(), "{data}");
    println!(
        "a play on node a reached node b's stream after {} ms",
        started.elapsed().as_millis()
    );
}

#[tokio::test]
async fn one_withdrawal_request_sent_to_both_nodes_at_once_makes_one_withdrawal() {
    let Some(cluster) = Cluster::start().await else {
        return;
    };
    let (a, b) = (cluster.node("a").await, cluster.node("b").await);
    let (user, token) = cluster.owner.user("Ada").await;
    credit(&cluster.owner, &user, 600_000).await;
    let body = paypal("ada@example.com");

    let key = uuid::Uuid::now_v7().to_string();
    let (on_a, on_b) = tokio::join!(
        withdraw(&a.app, &token, &body, Some(&key)),
        withdraw(&b.app, &token, &body, Some(&key)),
    );

    let statuses = [on_a.status().as_u16(), on_b.status().as_u16()];
    let (first, second): (Value, Value) = (on_a.json().await.unwrap(), on_b.json().await.unwrap());
    assert!(
        statuses.iter().all(|s| *s == 200 || *s == 201),
        "{statuses:?} {first} {second}"
    );
    assert_eq!(first["id"], second["id"]);
    assert_eq!(
        scalar(
            &cluster.owner,
            "SELECT COUNT(*) FROM withdrawals WHERE user_id = $1",
            &user
        )
        .await,
        1
    );
    assert_eq!(
        scalar(
            &cluster.owner,
            "SELECT balance_units FROM balances WHERE user_id = $1",
            &user
        )
        .await,
        0
    );
    assert_balances_match_ledger(&cluster.owner).await;
}

/// The node holding the track's processing job, once it runs.
async fn holder_of_running_job(owner: &TestApp, track: &str) -> String {
    let started = Instant::now();
    loop {
        let holder: Option<Option<String>> = backbeat::on_db!(&owner.db, pool => sqlx::query_scalar(
            "SELECT locked_by FROM jobs WHERE status = 'running' AND payload LIKE '%' || $1 || '%'")
            .bind(track).fetch_optional(pool).await.unwrap());
        if let Some(Some(node)) = holder {
            return node;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no node took the job"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_node_killed_mid_processing_leaves_its_job_to_the_other_which_stores_one_result() {
    let Some(cluster) = Cluster::start().await else {
        return;
    };
    let mut nodes = vec![cluster.node("a").await, cluster.node("b").await];
    let (_, token) = cluster.owner.user("Ana").await;
    // Long enough that processing it (decoding, loudness, three encodes) takes seconds.
    let form = TrackForm {
        audio: Some(("long.wav".into(), wav(120.0))),
        ..TrackForm::new("Survivor", "Ana")
    };
    let uploaded = upload(&nodes[0].app, &token, &form).await;
    let id = uploaded["id"].as_str().unwrap().to_owned();

    let holder = holder_of_running_job(&cluster.owner, &id).await;
    let at = nodes.iter().position(|n| n.name == holder).unwrap();
    nodes.remove(at).process.kill();
    let survivor = nodes.pop().unwrap();
    let status: String = backbeat::on_db!(&cluster.owner.db, pool => sqlx::query_scalar(
        "SELECT status FROM tracks WHERE id = $1").bind(&id).fetch_one(pool).await.unwrap());
    assert_eq!(
        status, "processing",
        "the job finished before its node was killed: make the track longer"
    );

    let done = processed(&survivor.app, &token, &id, Duration::from_secs(300)).await;

    assert_eq!(
        done["status"],
        "ready",
        "{done}\n{}",
        survivor.process.log()
    );
    let job: (String, i64, Option<String>) = backbeat::on_db!(&cluster.owner.db, pool => sqlx::query_as(
        "SELECT status, attempts, locked_by FROM jobs WHERE payload LIKE '%' || $1 || '%'")
        .bind(&id).fetch_one(pool).await.unwrap());
    assert_eq!(job.0, "done");
    assert_eq!(job.1, 2, "one attempt killed, one finished");
    assert!(
        job.2.as_deref() == Some(survivor.name.as_str()),
        "the survivor did not run the job"
    );
    assert_eq!(
        scalar(
            &cluster.owner,
            "SELECT COUNT(*) FROM renditions WHERE track_id = $1",
            &id
        )
        .await,
        3
    );
    // One run's renditions in the bucket, nothing left of the killed attempt.
    let runs: std::collections::BTreeSet<String> = cluster
        .s3
        .keys(MEDIA_PREFIX)
        .into_iter()
        .filter_map(|key| {
            let rest = key.strip_prefix(&format!("renditions/{id}/"))?;
            Some(rest.split('/').next()?.to_owned())
        })
        .collect();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!(
        count(
            &cluster.owner,
            "SELECT COUNT(*) FROM jobs WHERE status = 'running'"
        )
        .await,
        0
    );
}
