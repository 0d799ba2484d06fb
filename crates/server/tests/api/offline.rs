//! Offline listening: the check-in, download grants within the plan (Free none, Basic 10 hours,
//! Premium unlimited; a downgrade ends what the plan no longer allows), and the plays made
//! offline, counted once per play id under the rules of online plays at the time they started.

use chrono::{DateTime, Utc};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, count, scalar, spawn_app, spawn_app_with};
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use crate::helpers::media::{TrackForm, upload, wait_until_processed};
use crate::helpers::payouts::balance_units;
use crate::helpers::seed::{Seed, follow, insert_track, play, set_plan};

const HOUR: i64 = 3600;
const NOT_IN_PLAN: &str = "Downloads are part of Basic and Premium. Upgrade to listen offline.";
const LIMIT_REACHED: &str = "Basic includes 10 hours of downloads. Remove some downloads or \
                             upgrade to Premium for unlimited offline listening.";

// ---- helpers

/// A ready track of `secs` seconds by `uploader`.
async fn track_of(app: &TestApp, uploader: &str, title: &str, secs: i64) -> String {
    let id = insert_track(app, Seed::ready(uploader, title, "Ana")).await;
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE tracks SET duration_secs = $2 WHERE id = $1")
        .bind(&id).bind(secs).execute(pool).await.map(drop).unwrap());
    id
}

async fn status(app: &TestApp, token: &str) -> Value {
    get(app, "/me/offline", token).await
}

async fn grant_response(app: &TestApp, token: &str, track_ids: &[&str]) -> reqwest::Response {
    call(
        app,
        Method::POST,
        "/me/offline/grants",
        token,
        Some(json!({ "track_ids": track_ids })),
    )
    .await
}

/// A grant that must succeed; answers `{status, downloads}`.
async fn grant(app: &TestApp, token: &str, track_ids: &[&str]) -> Value {
    let response = grant_response(app, token, track_ids).await;
    let code = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    assert_eq!(code, 200, "{body}");
    body
}

/// The track ids of a status's grants, in its order.
fn granted(status: &Value) -> Vec<String> {
    status["grants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|grant| grant["track_id"].as_str().unwrap().to_owned())
        .collect()
}

async fn grant_rows(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM offline_grants").await
}

fn at(ago: chrono::Duration) -> String {
    (Utc::now() - ago).to_rfc3339()
}

fn offline_play(id: &str, track_id: &str, played_at: &str) -> Value {
    json!({ "id": id, "track_id": track_id, "played_at": played_at })
}

async fn send_plays_response(app: &TestApp, token: &str, plays: &[Value]) -> reqwest::Response {
    call(
        app,
        Method::POST,
        "/me/offline-plays",
        token,
        Some(json!({ "plays": plays })),
    )
    .await
}

/// Sends plays made offline; answers `[[id, outcome, reason]]` in the order answered.
async fn send_plays(app: &TestApp, token: &str, plays: &[Value]) -> Vec<(String, String, Value)> {
    let response = send_plays_response(app, token, plays).await;
    let code = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    assert_eq!(code, 200, "{body}");
    body["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap().to_owned(),
                p["outcome"].as_str().unwrap().to_owned(),
                p["reason"].clone(),
            )
        })
        .collect()
}

fn outcome(id: &str, outcome: &str) -> (String, String, Value) {
    (id.to_owned(), outcome.to_owned(), Value::Null)
}

fn refused(id: &str, reason: &str) -> (String, String, Value) {
    (id.to_owned(), "refused".to_owned(), json!(reason))
}

async fn history_rows(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM listening_history").await
}

async fn plays_of(app: &TestApp, track_id: &str) -> i64 {
    scalar(app, "SELECT plays FROM tracks WHERE id = $1", track_id).await
}

// ---- downloads

#[tokio::test]
async fn a_free_listener_cannot_download_and_nothing_is_granted() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;

    let before = status(&app, &bo).await;
    let refusal = grant_response(&app, &bo, &[&tide]).await;

    assert_eq!(
        assert_api_error(refusal, 403, "offline_not_in_plan").await,
        NOT_IN_PLAN
    );
    assert_eq!(grant_rows(&app).await, 0);
    assert_eq!(before["plan"], "free");
    assert_eq!(before["allowed"], false);
    assert_eq!(before["quality"], "standard");
    assert_eq!(before["limit_secs"], 0);
    assert_eq!(before["used_secs"], 0);
    assert_eq!(before["remaining_secs"], 0);
    assert_eq!(before["grants"], json!([]));
}

#[tokio::test]
async fn a_basic_listener_downloads_up_to_10_hours_counting_each_track_once() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "basic").await;
    let one = track_of(&app, &ana, "One", 3 * HOUR).await;
    let two = track_of(&app, &ana, "Two", 3 * HOUR).await;
    let three = track_of(&app, &ana, "Three", 3 * HOUR).await;
    let four = track_of(&app, &ana, "Four", 3 * HOUR).await;

    let first = grant(&app, &bo, &[&one, &two]).await;
    let again = grant(&app, &bo, &[&one, &one, &two, &three]).await;
    let past_the_limit = grant_response(&app, &bo, &[&one, &four]).await;

    assert_eq!(first["status"]["used_secs"], 6 * HOUR);
    assert_eq!(first["status"]["remaining_secs"], 4 * HOUR);
    assert_eq!(first["status"]["limit_secs"], 10 * HOUR);
    assert_eq!(first["status"]["quality"], "high");
    let download = &first["downloads"][0];
    assert_eq!(download["track"]["id"], one.as_str());
    assert_eq!(download["track"]["title"], "One");
    assert_eq!(download["track"]["duration"], 3 * HOUR);
    assert_eq!(download["stream"]["quality"], "high");
    let url = download["stream"]["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("/api/v1/tracks/{one}/stream?exp=")),
        "{url}"
    );
    // The tracks granted already are answered again without counting twice.
    assert_eq!(again["status"]["used_secs"], 9 * HOUR);
    assert_eq!(again["downloads"].as_array().unwrap().len(), 3);
    assert_eq!(granted(&again["status"]).len(), 3);
    assert_eq!(
        assert_api_error(past_the_limit, 403, "offline_limit_reached").await,
        LIMIT_REACHED
    );
    assert_eq!(grant_rows(&app).await, 3);
    let after = status(&app, &bo).await;
    assert_eq!(after["used_secs"], 9 * HOUR);
    assert_eq!(after["allowed"], true);
}

#[tokio::test]
async fn a_grant_is_all_or_nothing() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "premium").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Later", "Ana")
        },
    )
    .await;

    let unknown = grant_response(&app, &bo, &[&tide, "nope"]).await;
    let not_visible = grant_response(&app, &bo, &[&tide, &processing]).await;

    assert_api_error(unknown, 404, "not_found").await;
    assert_api_error(not_visible, 404, "not_found").await;
    assert_eq!(grant_rows(&app).await, 0);
}

#[tokio::test]
async fn a_premium_listener_downloads_without_limit() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "premium").await;
    let mut tracks = Vec::new();
    for i in 0..5 {
        tracks.push(track_of(&app, &ana, &format!("Long {i}"), 5 * HOUR).await);
    }
    let ids: Vec<&str> = tracks.iter().map(String::as_str).collect();

    let granted_now = grant(&app, &bo, &ids).await;

    assert_eq!(granted_now["status"]["used_secs"], 25 * HOUR);
    assert_eq!(granted_now["status"]["limit_secs"], Value::Null);
    assert_eq!(granted_now["status"]["remaining_secs"], Value::Null);
    assert_eq!(granted_now["status"]["quality"], "lossless");
    assert_eq!(granted_now["downloads"][4]["stream"]["quality"], "lossless");
    assert_eq!(grant_rows(&app).await, 5);
}

#[tokio::test]
async fn a_downgrade_ends_the_newest_downloads_past_10_hours_and_free_ends_them_all() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "premium").await;
    let mut tracks = Vec::new();
    // 4 h + 4 h + 1 h + 3 h + 1 h = 13 h, granted one after the other.
    for (i, hours) in [4, 4, 1, 3, 1].into_iter().enumerate() {
        let track = track_of(&app, &ana, &format!("Track {i}"), hours * HOUR).await;
        grant(&app, &bo, &[&track]).await;
        tracks.push(track);
    }

    set_plan(&app, &bo_id, "basic").await;
    let on_basic = status(&app, &bo).await;
    set_plan(&app, &bo_id, "free").await;
    let on_free = status(&app, &bo).await;

    assert_eq!(granted(&on_basic), tracks[..3].to_vec());
    assert_eq!(on_basic["used_secs"], 9 * HOUR);
    assert_eq!(on_basic["remaining_secs"], HOUR);
    assert_eq!(on_free["grants"], json!([]));
    assert_eq!(on_free["allowed"], false);
    assert_eq!(grant_rows(&app).await, 0);
}

#[tokio::test]
async fn the_check_in_says_until_when_downloads_play_offline() {
    let app = spawn_app().await;
    let (_, bo) = app.user("Bo").await;

    let checked = status(&app, &bo).await;

    let parse = |field: &str| {
        DateTime::parse_from_rfc3339(checked[field].as_str().unwrap())
            .unwrap()
            .with_timezone(&Utc)
    };
    assert_eq!(
        parse("valid_until") - parse("checked_at"),
        chrono::Duration::days(30)
    );
    assert!((Utc::now() - parse("checked_at")).num_seconds().abs() < 60);
}

#[tokio::test]
async fn removing_offline_downloads_one_or_all_is_idempotent() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    let (cy_id, cy) = app.user("Cy").await;
    set_plan(&app, &bo_id, "basic").await;
    set_plan(&app, &cy_id, "basic").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let dune = track_of(&app, &ana, "Dune", 180).await;
    grant(&app, &bo, &[&tide, &dune]).await;
    grant(&app, &cy, &[&tide]).await;
    let remove = |path: String| {
        let (app, bo) = (&app, &bo);
        async move { call_ok(app, Method::DELETE, &path, bo, None, 204).await }
    };

    remove(format!("/me/offline/grants/{tide}")).await;
    remove(format!("/me/offline/grants/{tide}")).await;
    remove("/me/offline/grants/nope".to_owned()).await;
    let one_left = status(&app, &bo).await;
    remove("/me/offline/grants".to_owned()).await;
    remove("/me/offline/grants".to_owned()).await;

    assert_eq!(granted(&one_left), [dune]);
    assert_eq!(one_left["used_secs"], 180);
    assert_eq!(status(&app, &bo).await["grants"], json!([]));
    assert_eq!(
        granted(&status(&app, &cy).await),
        [tide],
        "another listener's"
    );
}

#[tokio::test]
async fn an_offline_download_url_streams_the_audio() {
    let app = spawn_app().await;
    let (_, uploader) = app.user("Ana").await;
    let track = upload(&app, &uploader, &TrackForm::new("Tide", "Ana")).await;
    let id = track["id"].as_str().unwrap().to_owned();
    assert_eq!(
        wait_until_processed(&app, &uploader, &id).await["status"],
        "ready"
    );
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "basic").await;

    let granted_now = grant(&app, &bo, &[&id]).await;
    let stream = &granted_now["downloads"][0]["stream"];
    let url = app.url(stream["url"].as_str().unwrap());
    let whole = app.client.get(&url).send().await.unwrap();
    let ranged = app
        .client
        .get(&url)
        .header("Range", "bytes=0-99")
        .send()
        .await
        .unwrap();

    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()["content-type"], "audio/mpeg");
    assert_eq!(stream["content_type"], "audio/mpeg");
    assert!(!whole.bytes().await.unwrap().is_empty());
    assert_eq!(ranged.status(), 206);
    assert_eq!(ranged.bytes().await.unwrap().len(), 100);
}

// ---- plays made offline

#[tokio::test]
async fn offline_plays_count_once_however_often_they_are_sent() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let dune = track_of(&app, &ana, "Dune", 180).await;
    let before = balance_units(&app, &ana_token).await;
    // Sent out of order: they are recorded in the order they started, answered as sent.
    let plays = [
        offline_play("p-dune", &dune, &at(chrono::Duration::hours(1))),
        offline_play("p-tide", &tide, &at(chrono::Duration::hours(2))),
    ];

    let first = send_plays(&app, &bo, &plays).await;
    let again = send_plays(&app, &bo, &plays).await;
    let overlapping = send_plays(&app, &bo, &[plays[1].clone(), plays[1].clone()]).await;

    let counted = [outcome("p-dune", "counted"), outcome("p-tide", "counted")];
    assert_eq!(first, counted);
    assert_eq!(again, counted);
    assert_eq!(
        overlapping,
        [outcome("p-tide", "counted"), outcome("p-tide", "counted")]
    );
    assert_eq!(history_rows(&app).await, 2);
    assert_eq!(plays_of(&app, &tide).await, 1);
    assert_eq!(plays_of(&app, &dune).await, 1);
    assert_eq!(balance_units(&app, &ana_token).await - before, 2 * 21);
}

#[tokio::test]
async fn an_offline_play_is_in_history_at_the_time_it_started() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let played_at = Utc::now() - chrono::Duration::days(3);

    send_plays(
        &app,
        &bo,
        &[offline_play("p1", &tide, &played_at.to_rfc3339())],
    )
    .await;

    let recorded: backbeat::db::Timestamp = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT listened_at FROM listening_history WHERE user_id = $1")
        .bind(&bo_id).fetch_one(pool).await.unwrap());
    let micros = |t: DateTime<Utc>| t.timestamp_micros();
    assert_eq!(micros(recorded.as_datetime()), micros(played_at));
}

#[tokio::test]
async fn the_uploaders_own_offline_play_is_recorded_not_counted() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;

    let outcomes = send_plays(
        &app,
        &ana_token,
        &[offline_play("own", &tide, &at(chrono::Duration::hours(1)))],
    )
    .await;

    assert_eq!(outcomes, [outcome("own", "recorded")]);
    assert_eq!(plays_of(&app, &tide).await, 0);
    assert_eq!(history_rows(&app).await, 1);
    assert_eq!(balance_units(&app, &ana_token).await, 0);
}

#[tokio::test]
async fn an_offline_play_within_the_window_of_a_counted_play_is_recorded_not_counted() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    play(&app, &bo, &tide).await;

    let outcomes = send_plays(
        &app,
        &bo,
        &[
            // 10 minutes before the counted play of now: within its 30-minute window.
            offline_play("near", &tide, &at(chrono::Duration::minutes(10))),
            // An hour before: outside it; then 15 minutes after that one, within its window.
            offline_play("earlier", &tide, &at(chrono::Duration::minutes(60))),
            offline_play("between", &tide, &at(chrono::Duration::minutes(45))),
        ],
    )
    .await;

    assert_eq!(
        outcomes,
        [
            outcome("near", "recorded"),
            outcome("earlier", "counted"),
            outcome("between", "recorded"),
        ]
    );
    assert_eq!(plays_of(&app, &tide).await, 2);
    assert_eq!(balance_units(&app, &ana_token).await, 2 * 21);
}

#[tokio::test]
async fn offline_plays_count_only_as_time_allows_on_both_sides() {
    let app = spawn_app_with(|config| config.min_secs_between_counted_plays = 30).await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tracks = [
        track_of(&app, &ana, "A", 180).await,
        track_of(&app, &ana, "B", 180).await,
        track_of(&app, &ana, "C", 180).await,
        track_of(&app, &ana, "D", 180).await,
    ];
    let start = Utc::now() - chrono::Duration::hours(1);
    let at_secs = |secs: i64| (start + chrono::Duration::seconds(secs)).to_rfc3339();

    let first = send_plays(
        &app,
        &bo,
        &[
            offline_play("a", &tracks[0], &at_secs(0)),
            offline_play("b", &tracks[1], &at_secs(10)),
            offline_play("c", &tracks[2], &at_secs(200)),
        ],
    )
    .await;
    // Sent later, started 10 s before the counted play of C: too soon before it.
    let later = send_plays(&app, &bo, &[offline_play("d", &tracks[3], &at_secs(190))]).await;

    assert_eq!(
        first,
        [
            outcome("a", "counted"),
            outcome("b", "recorded"),
            outcome("c", "counted"),
        ]
    );
    assert_eq!(later, [outcome("d", "recorded")]);
}

#[tokio::test]
async fn offline_plays_too_old_in_the_future_or_of_tracks_not_playable_are_refused() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Later", "Ana")
        },
    )
    .await;
    let plays = [
        offline_play("old", &tide, &at(chrono::Duration::days(31))),
        offline_play(
            "ahead",
            &tide,
            &(Utc::now() + chrono::Duration::minutes(5)).to_rfc3339(),
        ),
        offline_play("unknown", "nope", &at(chrono::Duration::hours(1))),
        offline_play("hidden", &processing, &at(chrono::Duration::hours(1))),
        offline_play("fine", &tide, &at(chrono::Duration::days(29))),
    ];

    let outcomes = send_plays(&app, &bo, &plays).await;
    let again = send_plays(&app, &bo, &plays).await;

    let expected = [
        refused("old", "too_old"),
        refused("ahead", "in_the_future"),
        refused("unknown", "not_found"),
        refused("hidden", "not_found"),
        outcome("fine", "counted"),
    ];
    assert_eq!(outcomes, expected);
    assert_eq!(again, expected);
    assert_eq!(history_rows(&app).await, 1);
}

#[tokio::test]
async fn an_offline_play_shows_in_friends_activity() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    let (_, me) = app.user("Mo").await;
    follow(&app, &me, &bo_id).await;
    let tide = track_of(&app, &ana, "Tide", 180).await;

    send_plays(
        &app,
        &bo,
        &[offline_play("p1", &tide, &at(chrono::Duration::hours(1)))],
    )
    .await;

    let activity = get(&app, "/me/activity/friends", &me).await;
    assert_eq!(activity["items"][0]["user"]["id"], bo_id.as_str());
    assert_eq!(activity["items"][0]["track"]["title"], "Tide");
}

#[tokio::test]
async fn a_batch_of_offline_plays_is_one_play_report() {
    let app = spawn_app_with(|config| config.play_reports_per_minute = 1).await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let plays: Vec<Value> = (0..3)
        .map(|i| offline_play(&format!("p{i}"), &tide, &at(chrono::Duration::hours(i + 1))))
        .collect();

    let first = send_plays(&app, &bo, &plays).await;
    let second = send_plays_response(
        &app,
        &bo,
        &[offline_play("p9", &tide, &at(chrono::Duration::hours(9)))],
    )
    .await;

    assert_eq!(first.len(), 3);
    assert_api_error(second, 429, "too_many_play_reports").await;
    assert_eq!(history_rows(&app).await, 3);
}

#[tokio::test]
async fn offline_batches_of_the_wrong_size_or_with_bad_play_ids_are_refused() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo_id, bo) = app.user("Bo").await;
    set_plan(&app, &bo_id, "premium").await;
    let tide = track_of(&app, &ana, "Tide", 180).await;
    let when = at(chrono::Duration::hours(1));
    let many: Vec<Value> = (0..501)
        .map(|i| offline_play(&format!("p{i}"), &tide, &when))
        .collect();
    let many_ids: Vec<&str> = (0..501).map(|_| tide.as_str()).collect();

    let no_plays = send_plays_response(&app, &bo, &[]).await;
    let too_many = send_plays_response(&app, &bo, &many).await;
    let empty_id = send_plays_response(&app, &bo, &[offline_play("", &tide, &when)]).await;
    let long_id =
        send_plays_response(&app, &bo, &[offline_play(&"x".repeat(65), &tide, &when)]).await;
    let no_tracks = grant_response(&app, &bo, &[]).await;
    let too_many_tracks = grant_response(&app, &bo, &many_ids).await;

    assert_eq!(
        assert_api_error(no_plays, 400, "invalid_batch").await,
        "Send 1 to 500 plays at a time."
    );
    assert_api_error(too_many, 400, "invalid_batch").await;
    assert_eq!(
        assert_api_error(empty_id, 400, "invalid_play_id").await,
        "Each play id must be 1 to 64 characters."
    );
    assert_api_error(long_id, 400, "invalid_play_id").await;
    assert_eq!(
        assert_api_error(no_tracks, 400, "invalid_batch").await,
        "Send 1 to 500 track ids at a time."
    );
    assert_api_error(too_many_tracks, 400, "invalid_batch").await;
    assert_eq!(history_rows(&app).await, 0);
    assert_eq!(grant_rows(&app).await, 0);
}

#[tokio::test]
async fn offline_routes_need_a_signed_in_user() {
    let app = spawn_app().await;
    let routes = [
        (Method::GET, "/api/v1/me/offline", None),
        (
            Method::POST,
            "/api/v1/me/offline/grants",
            Some(json!({ "track_ids": ["x"] })),
        ),
        (Method::DELETE, "/api/v1/me/offline/grants/x", None),
        (Method::DELETE, "/api/v1/me/offline/grants", None),
        (
            Method::POST,
            "/api/v1/me/offline-plays",
            Some(json!({ "plays": [offline_play("p", "x", &at(chrono::Duration::hours(1)))] })),
        ),
    ];

    for (method, path, body) in routes {
        let request = app.client.request(method.clone(), app.url(path));
        let request = match body {
            Some(body) => request.json(&body),
            None => request,
        };
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 401, "{method} {path}");
    }
}
