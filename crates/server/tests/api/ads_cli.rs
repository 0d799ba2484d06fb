//! `backbeat ads add|list|disable|report`, run as the built binary on the configured database
//! and data directory while the server runs: an ad is added with a checked, re-encoded image
//! and served at once; a refused one stores nothing; the report prints impressions, clicks and
//! click-through rate per ad and day.

use std::process::Output;

use backbeat::ads::day_of;
use backbeat::db::Timestamp;
use reqwest::Method;

use crate::helpers::app::{TestApp, count, files_under, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::{call_ok, get};
use crate::helpers::media::png;
use crate::helpers::seed::add_ad;

/// Runs `backbeat ads <args>` on the app's database and data directory.
async fn ads(app: &TestApp, args: &[&str]) -> Output {
    cli::backbeat(app, &[&["ads"], args].concat(), &[]).await
}

/// A file in a temporary folder, kept as long as the folder.
fn file_with(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Nothing of an ad was stored: no row, no image.
async fn assert_no_ad_stored(app: &TestApp) {
    assert_eq!(count(app, "SELECT COUNT(*) FROM ads").await, 0, "ad rows");
    let images = files_under(&app.data_dir.join("media/ads"));
    assert!(images.is_empty(), "images left: {images:?}");
}

#[tokio::test]
async fn an_added_ad_is_listed_served_and_disabled_from_the_command_line() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let dir = tempfile::tempdir().unwrap();
    let image = file_with(&dir, "banner.png", &png(728, 90));

    let added = ads(
        &app,
        &[
            "add",
            "--slot",
            "banner",
            "--title",
            "Spring sale",
            "--image",
            &image,
            "--target",
            "https://shop.example/sale",
        ],
    )
    .await;
    let id = stdout(&added).trim().to_owned();
    let listed = stdout(&ads(&app, &["list"]).await);
    let served = get(&app, "/ads?slot=banner", &token).await;
    stdout(&ads(&app, &["disable", &id]).await);
    let listed_after = stdout(&ads(&app, &["list"]).await);

    assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id:?}");
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(
        lines[0].split_whitespace().collect::<Vec<_>>(),
        ["ID", "SLOT", "STATUS", "TITLE", "TARGET"]
    );
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        [
            id.as_str(),
            "banner",
            "active",
            "Spring",
            "sale",
            "https://shop.example/sale"
        ]
    );
    assert_eq!(served["ad"]["id"], id.as_str());
    assert!(listed_after.lines().nth(1).unwrap().contains(" disabled "));
    assert_eq!(
        get(&app, "/ads?slot=banner", &token).await["ad"],
        serde_json::Value::Null
    );
}

#[tokio::test]
async fn an_ad_whose_image_is_not_an_image_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let text = file_with(&dir, "banner.png", b"<html>this is no picture</html>");

    let output = ads(
        &app,
        &[
            "add",
            "--slot",
            "banner",
            "--title",
            "Sale",
            "--image",
            &text,
            "--target",
            "https://shop.example/",
        ],
    )
    .await;

    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("is not a JPEG, PNG or WebP image"),
        "{error}"
    );
    assert!(output.stdout.is_empty());
    assert_no_ad_stored(&app).await;
}

#[tokio::test]
async fn an_ad_image_over_2_mb_a_bad_target_or_a_bad_title_is_refused() {
    let app = spawn_app().await;
    let dir = tempfile::tempdir().unwrap();
    let image = file_with(&dir, "banner.png", &png(728, 90));
    let mut huge = png(728, 90);
    huge.resize(2 * 1024 * 1024 + 1, 0);
    let huge = file_with(&dir, "huge.png", &huge);

    for (image, title, target, expected) in [
        (
            huge.as_str(),
            "Sale",
            "https://shop.example/",
            "must be at most 2 MB",
        ),
        (
            &image,
            "Sale",
            "ftp://shop.example/",
            "is not an http:// or https:// URL",
        ),
        (
            &image,
            "Sale",
            "shop.example",
            "is not an http:// or https:// URL",
        ),
        (&image, "   ", "https://shop.example/", "the title must be"),
    ] {
        let output = ads(
            &app,
            &[
                "add", "--slot", "banner", "--title", title, "--image", image, "--target", target,
            ],
        )
        .await;

        assert!(!output.status.success(), "{target} was accepted");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(expected), "{expected:?} not in {error}");
    }
    assert_no_ad_stored(&app).await;
}

#[tokio::test]
async fn disabling_an_unknown_ad_fails() {
    let app = spawn_app().await;

    let output = ads(&app, &["disable", "0190d6c4-0000-7000-8000-000000000000"]).await;

    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("there is no ad with the id"));
}

#[tokio::test]
async fn the_report_prints_impressions_clicks_and_click_through_rate_per_ad_and_day() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let (_, cy_token) = app.user("Cy").await;
    let sale = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    let tour = add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;
    for token in [&ana_token, &bo_token, &cy_token, &ana_token] {
        call_ok(
            &app,
            Method::POST,
            &format!("/ads/{sale}/impressions"),
            token,
            None,
            204,
        )
        .await;
    }
    call_ok(
        &app,
        Method::POST,
        &format!("/ads/{sale}/clicks"),
        &bo_token,
        None,
        200,
    )
    .await;
    // Yesterday, Ana saw the tour once.
    let yesterday = Timestamp::now() - chrono::Duration::days(1);
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "INSERT INTO ad_impressions (ad_id, user_id, day, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&tour).bind(&ana).bind(day_of(yesterday)).bind(yesterday)
        .execute(pool).await.map(drop).unwrap());
    let today = day_of(Timestamp::now());

    let table = stdout(&ads(&app, &["report"]).await);
    let csv = stdout(&ads(&app, &["report", "--csv"]).await);
    let today_only = stdout(&ads(&app, &["report", "--days", "1"]).await);

    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        rows,
        [
            vec!["DAY", "AD", "SLOT", "TITLE", "IMPRESSIONS", "CLICKS", "CTR"],
            vec![
                &today, &sale, "banner", "Spring", "sale", "3", "1", "33.33%"
            ],
            vec![
                &day_of(yesterday),
                &tour,
                "popup",
                "Tour",
                "dates",
                "1",
                "0",
                "0.00%"
            ],
        ]
    );
    assert_eq!(
        csv,
        format!(
            "day,ad,slot,title,impressions,clicks,ctr_percent\r\n\
             {today},{sale},banner,Spring sale,3,1,33.33\r\n\
             {},{tour},popup,Tour dates,1,0,0.00\r\n",
            day_of(yesterday)
        )
    );
    assert_eq!(today_only.lines().count(), 2, "{today_only}");
}
