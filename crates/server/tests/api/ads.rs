//! Ads, free plan only: `GET /api/v1/ads` serves a free-plan user one active ad of the slot
//! (the one seen least today) and the ad network's script, and a paid user nothing;
//! impressions and clicks count once per user, ad and UTC day however often and concurrently
//! they are reported; a click link is signed, expiring, counts and redirects; the
//! Content-Security-Policy admits the ad network's origin only when one is configured.

use backbeat::db::Timestamp;
use backbeat::http::security::CONTENT_SECURITY_POLICY;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, count, scalar, spawn_app, spawn_app_with};
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use crate::helpers::seed::{add_ad, disable_ad, set_plan};
use backbeat_core::ids::UserId;

const NETWORK_SCRIPT: &str = "https://ads.example:8443/tag/v2.js?publisher=7";
const NETWORK_ORIGIN: &str = "https://ads.example:8443";

async fn ad_in(app: &TestApp, token: &str, slot: &str) -> Value {
    get(app, &format!("/ads?slot={slot}"), token).await
}

async fn impressions_of(app: &TestApp, ad: &str) -> i64 {
    scalar(
        app,
        "SELECT COUNT(*) FROM ad_impressions WHERE ad_id = $1",
        ad,
    )
    .await
}

async fn clicks_of(app: &TestApp, ad: &str) -> i64 {
    scalar(app, "SELECT COUNT(*) FROM ad_clicks WHERE ad_id = $1", ad).await
}

async fn impression(app: &TestApp, token: &str, ad: &str) -> reqwest::Response {
    call(
        app,
        Method::POST,
        &format!("/ads/{ad}/impressions"),
        token,
        None,
    )
    .await
}

/// Follows a click link as a browser's `<a href>` would: no bearer token, no redirect taken.
async fn follow(app: &TestApp, click_url: &str) -> reqwest::Response {
    app.get(click_url).await
}

// ---- serving

#[tokio::test]
async fn a_free_user_gets_a_banner_and_a_popup_ad_from_the_inventory() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let banner = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    let popup = add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;

    let shown_banner = ad_in(&app, &token, "banner").await;
    let shown_popup = ad_in(&app, &token, "popup").await;

    assert_eq!(shown_banner["network_script_url"], Value::Null);
    let ad = &shown_banner["ad"];
    assert_eq!(ad["id"], banner.as_str());
    assert_eq!(ad["slot"], "banner");
    assert_eq!(ad["title"], "Spring sale");
    assert!(
        ad["click_url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/api/v1/ads/{banner}/clicks?")),
        "{ad}"
    );
    let image_url = ad["image_url"].as_str().unwrap();
    assert!(
        image_url.starts_with(&format!("/media/ads/{banner}/")),
        "{ad}"
    );
    let image = app.get(image_url).await;
    assert_eq!(image.status(), 200);
    assert!(
        image.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("image/")
    );
    assert_eq!(shown_popup["ad"]["id"], popup.as_str());
    assert_eq!(shown_popup["ad"]["slot"], "popup");
}

#[tokio::test]
async fn a_paid_user_gets_no_ad_and_no_network_script() {
    let app = spawn_app_with(|c| c.ad_network_script_url = Some(NETWORK_SCRIPT.into())).await;
    let (free, free_token) = app.user("Ana").await;
    let (basic, basic_token) = app.user("Bo").await;
    let (premium, premium_token) = app.user("Cy").await;
    set_plan(&app, &free, "free").await;
    set_plan(&app, &basic, "basic").await;
    set_plan(&app, &premium, "premium").await;
    add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;

    let free_banner = ad_in(&app, &free_token, "banner").await;

    assert_eq!(free_banner["network_script_url"], NETWORK_SCRIPT);
    assert!(free_banner["ad"].is_object(), "{free_banner}");
    for token in [&basic_token, &premium_token] {
        for slot in ["banner", "popup"] {
            assert_eq!(
                ad_in(&app, token, slot).await,
                json!({ "ad": null, "network_script_url": null })
            );
        }
    }
}

#[tokio::test]
async fn a_disabled_ad_is_not_served() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let first = add_ad(&app, "banner", "Old sale", "https://shop.example/old").await;
    let second = add_ad(&app, "banner", "New sale", "https://shop.example/new").await;
    disable_ad(&app, &first).await;

    for _ in 0..5 {
        assert_eq!(
            ad_in(&app, &token, "banner").await["ad"]["id"],
            second.as_str()
        );
    }
    assert_api_error(impression(&app, &token, &first).await, 404, "not_found").await;

    disable_ad(&app, &second).await;
    assert_eq!(
        ad_in(&app, &token, "banner").await,
        json!({ "ad": null, "network_script_url": null })
    );
}

#[tokio::test]
async fn the_ad_a_user_has_not_seen_today_comes_before_the_one_they_have() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let (_, other_token) = app.user("Bo").await;
    let one = add_ad(&app, "banner", "One", "https://one.example/").await;
    let two = add_ad(&app, "banner", "Two", "https://two.example/").await;

    let first = ad_in(&app, &token, "banner").await["ad"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    call_ok(
        &app,
        Method::POST,
        &format!("/ads/{first}/impressions"),
        &token,
        None,
        204,
    )
    .await;
    let next = ad_in(&app, &token, "banner").await["ad"]["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let both = [one.as_str(), two.as_str()];
    assert!(both.contains(&first.as_str()));
    assert_ne!(next, first, "the ad seen today was served again");
    assert!(both.contains(&next.as_str()));
    // Another user's impressions do not change what this one has seen.
    call_ok(
        &app,
        Method::POST,
        &format!("/ads/{next}/impressions"),
        &other_token,
        None,
        204,
    )
    .await;
    assert_eq!(
        ad_in(&app, &token, "banner").await["ad"]["id"],
        next.as_str()
    );
}

#[tokio::test]
async fn a_bad_slot_is_refused_and_a_signed_out_visitor_gets_nothing() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;

    for path in ["/ads?slot=sidebar", "/ads?slot=Banner", "/ads"] {
        let response = call(&app, Method::GET, path, &token, None).await;
        let message = assert_api_error(response, 400, "invalid_slot").await;
        assert_eq!(message, "The ad slot must be banner or popup.");
    }
    assert_api_error(
        app.get("/api/v1/ads?slot=banner").await,
        401,
        "unauthorized",
    )
    .await;
}

// ---- impressions

#[tokio::test]
async fn an_impression_counts_once_per_user_ad_and_day() {
    let app = spawn_app().await;
    let (_, ana) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    let other = add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;

    for _ in 0..10 {
        assert_eq!(impression(&app, &ana, &ad).await.status(), 204);
    }
    let concurrent = (0..10).map(|_| impression(&app, &bo, &ad));
    for response in futures_util::future::join_all(concurrent).await {
        assert_eq!(response.status(), 204);
    }
    assert_eq!(impression(&app, &ana, &other).await.status(), 204);

    assert_eq!(impressions_of(&app, &ad).await, 2);
    assert_eq!(impressions_of(&app, &other).await, 1);
    let day: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT MIN(day) FROM ad_impressions").fetch_one(pool).await.unwrap());
    assert_eq!(day, backbeat::ads::day_of(Timestamp::now()));
}

#[tokio::test]
async fn a_paid_users_impression_is_answered_but_not_counted() {
    let app = spawn_app().await;
    let (premium, token) = app.user("Ana").await;
    set_plan(&app, &premium, "premium").await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;

    assert_eq!(impression(&app, &token, &ad).await.status(), 204);

    assert_eq!(impressions_of(&app, &ad).await, 0);
}

#[tokio::test]
async fn an_impression_of_an_unknown_ad_or_without_a_session_is_refused() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;

    let unknown = impression(&app, &token, "0190d6c4-0000-7000-8000-000000000000").await;
    assert_api_error(unknown, 404, "not_found").await;
    let anonymous = app
        .client
        .post(app.url(&format!("/api/v1/ads/{ad}/impressions")))
        .send()
        .await
        .unwrap();
    assert_api_error(anonymous, 401, "unauthorized").await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM ad_impressions").await, 0);
}

// ---- clicks

#[tokio::test]
async fn the_click_link_counts_once_and_redirects_to_the_target() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let ad = add_ad(
        &app,
        "banner",
        "Spring sale",
        "https://shop.example/sale?from=backbeat",
    )
    .await;
    let click_url = ad_in(&app, &token, "banner").await["ad"]["click_url"]
        .as_str()
        .unwrap()
        .to_owned();

    let response = follow(&app, &click_url).await;
    let concurrent = (0..5).map(|_| follow(&app, &click_url));
    let again = futures_util::future::join_all(concurrent).await;

    assert_eq!(response.status(), 302);
    assert_eq!(
        response.headers()["location"],
        "https://shop.example/sale?from=backbeat"
    );
    assert_eq!(response.headers()["cache-control"], "no-store");
    for response in again {
        assert_eq!(response.status(), 302);
    }
    assert_eq!(clicks_of(&app, &ad).await, 1);
}

#[tokio::test]
async fn the_click_link_of_a_since_disabled_ad_still_leads_to_its_target() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let ad = add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;
    let click_url = ad_in(&app, &token, "popup").await["ad"]["click_url"]
        .as_str()
        .unwrap()
        .to_owned();
    disable_ad(&app, &ad).await;

    let response = follow(&app, &click_url).await;

    assert_eq!(response.status(), 302);
    assert_eq!(response.headers()["location"], "https://band.example/tour");
    assert_eq!(clicks_of(&app, &ad).await, 1);
}

#[tokio::test]
async fn a_forged_or_expired_click_link_is_refused_and_counts_nothing() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let (bo, _) = app.user("Bo").await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    let other = add_ad(&app, "popup", "Tour dates", "https://band.example/tour").await;
    let click_url = ad_in(&app, &token, "banner").await["ad"]["click_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let secret = app.auth.keys().secret();
    let expired = backbeat::ads::click_link::click_url(
        secret,
        &ad,
        &UserId::from(ana.as_str()),
        Timestamp::now() - chrono::Duration::hours(25),
    );
    let query = click_url.split_once('?').unwrap().1;
    let signature = query.split("signature=").nth(1).unwrap();
    let forged_signature = format!(
        "{}{}",
        if signature.starts_with('A') { "B" } else { "A" },
        &signature[1..]
    );

    for link in [
        expired,
        click_url.replace(&ana, &bo),
        click_url.replace(&format!("/ads/{ad}/"), &format!("/ads/{other}/")),
        click_url.replace(signature, &forged_signature),
        click_url.replace("&signature=", "&nothing="),
        format!("/api/v1/ads/{ad}/clicks"),
    ] {
        let message = assert_api_error(follow(&app, &link).await, 403, "invalid_signature").await;
        assert_eq!(message, "This ad link is invalid or has expired.", "{link}");
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM ad_clicks").await, 0);
}

#[tokio::test]
async fn an_api_click_counts_once_and_answers_the_target() {
    let app = spawn_app().await;
    let (_, ana) = app.user("Ana").await;
    let (premium, premium_token) = app.user("Bo").await;
    set_plan(&app, &premium, "premium").await;
    let ad = add_ad(&app, "banner", "Spring sale", "https://shop.example/sale").await;
    let path = format!("/ads/{ad}/clicks");

    let answers = futures_util::future::join_all(
        (0..5).map(|_| call_ok(&app, Method::POST, &path, &ana, None, 200)),
    )
    .await;
    let paid = call_ok(&app, Method::POST, &path, &premium_token, None, 200).await;
    let unknown = call(
        &app,
        Method::POST,
        "/ads/0190d6c4-0000-7000-8000-000000000000/clicks",
        &ana,
        None,
    )
    .await;

    for answer in answers {
        assert_eq!(answer, json!({ "target_url": "https://shop.example/sale" }));
    }
    assert_eq!(paid, json!({ "target_url": "https://shop.example/sale" }));
    assert_eq!(clicks_of(&app, &ad).await, 1);
    assert_api_error(unknown, 404, "not_found").await;
}

// ---- the external ad network and the Content-Security-Policy

async fn policy_of(app: &TestApp, path: &str) -> String {
    app.get(path).await.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn without_an_ad_network_the_policy_is_unchanged() {
    let app = spawn_app().await;

    for path in ["/", "/api/v1/plans"] {
        assert_eq!(policy_of(&app, path).await, CONTENT_SECURITY_POLICY);
    }
}

#[tokio::test]
async fn an_ad_network_widens_the_policy_by_exactly_its_origin() {
    let app = spawn_app_with(|c| c.ad_network_script_url = Some(NETWORK_SCRIPT.into())).await;

    let policy = policy_of(&app, "/").await;

    let directive = |name: &str| {
        policy
            .split("; ")
            .find(|d| d.split(' ').next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
            .to_owned()
    };
    assert_eq!(
        directive("script-src"),
        format!("script-src 'self' {NETWORK_ORIGIN}")
    );
    assert_eq!(
        directive("img-src"),
        format!("img-src 'self' data: blob: {NETWORK_ORIGIN}")
    );
    assert_eq!(
        directive("frame-src"),
        format!("frame-src 'self' {NETWORK_ORIGIN}")
    );
    assert_eq!(
        directive("connect-src"),
        format!("connect-src 'self' {NETWORK_ORIGIN}")
    );
    // Every other directive is the app's own, and nothing else was added.
    let widened = ["script-src", "img-src", "frame-src", "connect-src"];
    let rest: Vec<&str> = policy
        .split("; ")
        .filter(|d| !widened.contains(&d.split(' ').next().unwrap()))
        .collect();
    let own: Vec<&str> = CONTENT_SECURITY_POLICY
        .split("; ")
        .filter(|d| !widened.contains(&d.split(' ').next().unwrap()))
        .collect();
    assert_eq!(rest, own);
    assert!(!policy.contains("/tag/v2.js"), "{policy}");
}
