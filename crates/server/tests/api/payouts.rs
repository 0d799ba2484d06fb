//! Earnings and withdrawals through the API: a listener's counted play credits the uploader 21
//! units in the play's transaction; the balance shows rounded down; a withdrawal is checked in the
//! product's order (the minimum, then what is missing, then the formats), takes the whole balance
//! rounded down to cents, once, however often and however concurrently it is sent; at most so many
//! a day, on whichever node; the history lists mine, newest first, masked. After every test each
//! cached balance equals the sum of its ledger.

use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, count, spawn_app, spawn_app_with};
use crate::helpers::http::{assert_api_error, call, get};
use crate::helpers::payouts::{
    ada_bank, assert_balances_match_ledger, balance, balance_units, bank, credit, paypal, withdraw,
    withdrawn,
};
use crate::helpers::seed::{Seed, insert_track, play};

async fn withdrawals_stored(app: &TestApp) -> i64 {
    count(app, "SELECT COUNT(*) FROM withdrawals").await
}

// ---- earning

#[tokio::test]
async fn a_listeners_counted_play_credits_the_uploader_21_units_and_nothing_else_does() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "First Light", "Ana")).await;

    assert_eq!(play(&app, &bo_token, &track).await["counted"], true);
    // A repeat within the window and the uploader's own play are not counted, nor paid.
    assert_eq!(play(&app, &bo_token, &track).await["counted"], false);
    assert_eq!(play(&app, &ana_token, &track).await["counted"], false);

    let shown = balance(&app, &ana_token).await;
    assert_eq!(
        shown,
        json!({"balance_units": 21, "balance_eur": "0.00", "minimum_eur": "5.00", "total_plays": 1})
    );
    assert_eq!(balance_units(&app, &bo_token).await, 0);
    let earnings = get(&app, "/me/earnings", &ana_token).await;
    let days = earnings["days"].as_array().unwrap();
    assert_eq!(days.len(), 30);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert_eq!(
        days[29],
        json!({"day": today, "plays": 1, "earned_units": 21, "earned_eur": "0.00"})
    );
    assert!(
        days[..29]
            .iter()
            .all(|day| day["plays"] == 0 && day["earned_units"] == 0)
    );
    assert!(
        days.windows(2)
            .all(|pair| pair[0]["day"].as_str() < pair[1]["day"].as_str())
    );
    assert_eq!(
        earnings["tracks"],
        json!([{"track_id": track, "title": "First Light", "plays": 1, "earned_units": 21, "earned_eur": "0.00"}])
    );
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn the_balance_is_shown_in_euros_rounded_down_to_cents() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    credit(&app, &ana, 123_456).await;
    credit(&app, &ana, 99).await;

    let shown = balance(&app, &token).await;

    assert_eq!(shown["balance_units"], 123_555);
    assert_eq!(shown["balance_eur"], "12.35");
    assert_eq!(shown["minimum_eur"], "5.00");
    assert_balances_match_ledger(&app).await;
}

// ---- withdrawing

#[tokio::test]
async fn a_withdrawal_is_checked_in_specs_order_and_a_refused_one_changes_nothing() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    credit(&app, &ana, 49_999).await;
    let minimum = withdraw(
        &app,
        &token,
        &json!({"method": "paypal", "details": ""}),
        None,
    )
    .await;
    assert_eq!(
        assert_api_error(minimum, 409, "minimum_withdrawal").await,
        "Minimum withdrawal amount is 5 EUR."
    );
    credit(&app, &ana, 1).await;

    let cases: [(Value, &str, &str); 9] = [
        (
            paypal(""),
            "paypal_email_required",
            "Please provide your PayPal email.",
        ),
        (
            json!({"method": "paypal"}),
            "paypal_email_required",
            "Please provide your PayPal email.",
        ),
        (
            bank("Ada", "", "DEUTDEFF"),
            "bank_details_required",
            "Please fill in all bank details.",
        ),
        (
            bank(" ", "DE89370400440532013000", "x"),
            "bank_details_required",
            "Please fill in all bank details.",
        ),
        (
            json!({"method": "bank", "details": "ada@example.com"}),
            "bank_details_required",
            "Please fill in all bank details.",
        ),
        (
            paypal("ada.example.com"),
            "invalid_paypal_email",
            "Please enter a valid PayPal email address.",
        ),
        (
            bank("Ada", "DE89370400440532013001", "nope"),
            "invalid_iban",
            "Please enter a valid IBAN.",
        ),
        (
            bank("Ada", "GB82WEST1234569876543", "DEUTDEFF"),
            "invalid_iban",
            "Please enter a valid IBAN.",
        ),
        (
            bank("Ada", "DE89370400440532013000", "DEUTDEF"),
            "invalid_swift",
            "Please enter a valid SWIFT/BIC code.",
        ),
    ];
    for (body, code, message) in cases {
        let response = withdraw(&app, &token, &body, None).await;
        assert_eq!(
            assert_api_error(response, 422, code).await,
            message,
            "{body}"
        );
    }

    assert_eq!(withdrawals_stored(&app).await, 0);
    assert_eq!(balance_units(&app, &token).await, 50_000);
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn withdrawal_details_are_bounded_and_a_refused_one_stores_nothing() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    credit(&app, &ana, 60_042).await;
    let iban = "DE89370400440532013000";
    let too_long = "Account holder name must be at most 70 characters.";
    let invalid_name = "Account holder name must contain letters and no control characters.";

    let names: [(String, &str); 6] = [
        // The 900 KB name that broke `backbeat payouts list` for good.
        ("A".repeat(900_000), too_long),
        ("Ä".repeat(71), too_long),
        ("Ada\u{1b}[2J".into(), invalid_name),
        ("Ada\nLovelace".into(), invalid_name),
        ("Ada \u{202E}ecalevoL".into(), invalid_name),
        ("=1+1".into(), invalid_name),
    ];
    for (name, message) in names {
        let response = withdraw(&app, &token, &bank(&name, iban, "DEUTDEFF"), None).await;
        let shown: String = name.chars().take(20).collect();
        assert_eq!(
            assert_api_error(response, 422, "invalid_account_name").await,
            message,
            "{shown:?}"
        );
    }
    let long_email = format!("{}@example.com", "a".repeat(300_000));
    for email in [long_email.as_str(), "ada\u{7}@example.com"] {
        let response = withdraw(&app, &token, &paypal(email), None).await;
        assert_eq!(
            assert_api_error(response, 422, "invalid_paypal_email").await,
            "Please enter a valid PayPal email address."
        );
    }
    let swift = withdraw(&app, &token, &bank("Ada", iban, &"X".repeat(500_000)), None).await;
    assert_api_error(swift, 422, "invalid_swift").await;
    let long_iban = bank("Ada", &"1".repeat(500_000), "DEUTDEFF");
    let long_iban = withdraw(&app, &token, &long_iban, None).await;
    assert_api_error(long_iban, 422, "invalid_iban").await;

    assert_eq!(withdrawals_stored(&app).await, 0);
    assert_eq!(balance_units(&app, &token).await, 60_042);
    let longest = withdrawn(&app, &token, &bank(&"Zoë ".repeat(17), iban, "DEUTDEFF")).await;
    assert_eq!(
        longest["details"],
        format!("{} · IBAN •••• 3000", "Zoë ".repeat(17).trim())
    );
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn a_withdrawal_takes_the_whole_balance_rounded_down_to_cents_and_leaves_the_rest() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    credit(&app, &ana, 123_456).await;

    let withdrawal = withdrawn(&app, &token, &ada_bank()).await;

    assert_eq!(withdrawal["amount_units"], 123_400);
    assert_eq!(withdrawal["amount_eur"], "12.34");
    assert_eq!(withdrawal["method"], "bank");
    assert_eq!(withdrawal["details"], "Ada Lovelace · IBAN •••• 3000");
    assert_eq!(withdrawal["status"], "pending");
    assert_eq!(withdrawal["processed_at"], Value::Null);
    assert_eq!(withdrawal["reason"], Value::Null);
    assert!(
        chrono::DateTime::parse_from_rfc3339(withdrawal["created_at"].as_str().unwrap()).is_ok()
    );
    let shown = balance(&app, &token).await;
    assert_eq!(
        (
            shown["balance_units"].as_i64(),
            shown["balance_eur"].as_str()
        ),
        (Some(56), Some("0.00"))
    );
    let again = withdraw(&app, &token, &paypal("ada@example.com"), None).await;
    assert_api_error(again, 409, "minimum_withdrawal").await;
    // The details' one serialised text is what is stored.
    let stored: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT details FROM withdrawals").fetch_one(pool).await.unwrap());
    assert_eq!(
        stored,
        r#"{"accountName":"Ada Lovelace","iban":"DE89370400440532013000","swift":"DEUTDEFF"}"#
    );
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn a_retried_request_with_its_idempotency_key_answers_the_first_withdrawal() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    credit(&app, &ana, 60_000).await;
    let body = paypal("ada@example.com");

    let first = withdraw(&app, &token, &body, Some("k-1")).await;
    let (first_status, first_body) = (first.status().as_u16(), first.text().await.unwrap());
    let retry = withdraw(&app, &token, &body, Some("k-1")).await;
    let (retry_status, retry_body) = (retry.status().as_u16(), retry.text().await.unwrap());

    assert_eq!((first_status, retry_status), (201, 201));
    assert_eq!(retry_body, first_body);
    assert_eq!(withdrawals_stored(&app).await, 1);
    let other_body = withdraw(&app, &token, &paypal("bo@example.com"), Some("k-1")).await;
    assert_eq!(
        assert_api_error(other_body, 422, "idempotency_key_reused").await,
        "This Idempotency-Key was already used for a different withdrawal request."
    );
    let other_key = withdraw(&app, &token, &body, Some("k-2")).await;
    assert_api_error(other_key, 409, "minimum_withdrawal").await;
    // Another user's key of the same text is theirs.
    let (bo, bo_token) = app.user("Bo").await;
    credit(&app, &bo, 50_000).await;
    assert_eq!(
        withdraw(&app, &bo_token, &body, Some("k-1")).await.status(),
        201
    );
    assert_eq!(withdrawals_stored(&app).await, 2);
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn a_hundred_parallel_requests_create_one_withdrawal() {
    let app = spawn_app().await;
    for same_key in [false, true] {
        let (user, token) = app.user("Ana").await;
        credit(&app, &user, 75_021).await;
        let body = paypal("ada@example.com");
        let keys: Vec<Option<String>> = (0..100)
            .map(|i| {
                Some(if same_key {
                    "retry".to_owned()
                } else {
                    format!("k-{i}")
                })
            })
            .collect();

        let responses = join_all(
            keys.iter()
                .map(|key| withdraw(&app, &token, &body, key.as_deref())),
        )
        .await;

        let mut created = Vec::new();
        for response in responses {
            match response.status().as_u16() {
                201 => created.push(response.text().await.unwrap()),
                _ => {
                    assert_api_error(response, 409, "minimum_withdrawal").await;
                }
            }
        }
        if same_key {
            assert_eq!(created.len(), 100, "every retry answers the one withdrawal");
            assert!(created.iter().all(|body| *body == created[0]));
        } else {
            assert_eq!(created.len(), 1);
        }
        assert_eq!(balance_units(&app, &token).await, 21);
        let mine = get(&app, "/withdrawals", &token).await;
        assert_eq!(mine["items"].as_array().unwrap().len(), 1);
        assert_eq!(mine["items"][0]["amount_units"], 75_000);
    }
    // Without a key as well.
    let (user, token) = app.user("Bo").await;
    credit(&app, &user, 50_000).await;
    let body = paypal("bo@example.com");
    let responses = join_all((0..100).map(|_| withdraw(&app, &token, &body, None))).await;
    let created = responses.iter().filter(|r| r.status() == 201).count();
    assert_eq!(created, 1);
    assert_eq!(withdrawals_stored(&app).await, 3);
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn withdrawals_are_limited_per_day_on_every_node_and_a_retry_does_not_count() {
    let app = spawn_app_with(|config| config.payouts.withdrawals_per_day = 2).await;
    let peer = app.spawn_peer().await;
    let (ana, token) = app.user("Ana").await;
    let body = paypal("ada@example.com");
    credit(&app, &ana, 50_000).await;
    let first = withdraw(&app, &token, &body, Some("k-1")).await;
    let first = first.text().await.unwrap();
    credit(&app, &ana, 50_000).await;
    assert_eq!(
        withdraw(&peer, &token, &body, Some("k-2")).await.status(),
        201
    );
    credit(&app, &ana, 50_000).await;

    let third = withdraw(&app, &token, &body, Some("k-3")).await;
    let on_peer = withdraw(&peer, &token, &body, None).await;
    let retry = withdraw(&peer, &token, &body, Some("k-1")).await;

    assert_eq!(
        assert_api_error(third, 429, "withdrawal_limit_reached").await,
        "You have requested 2 withdrawals in the last 24 hours. Please try again later."
    );
    assert_api_error(on_peer, 429, "withdrawal_limit_reached").await;
    assert_eq!(retry.status(), 201, "a retry answers its withdrawal");
    assert_eq!(retry.text().await.unwrap(), first);
    assert_eq!(
        balance_units(&app, &token).await,
        50_000,
        "refusals took nothing"
    );
    assert_eq!(withdrawals_stored(&app).await, 2);
    // The limit is the user's own.
    let (bo, bo_token) = app.user("Bo").await;
    credit(&app, &bo, 50_000).await;
    assert_eq!(withdraw(&peer, &bo_token, &body, None).await.status(), 201);
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn my_withdrawals_are_listed_newest_first_masked_and_mine_only() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let mut ids = Vec::new();
    for body in [
        paypal("ada@example.com"),
        ada_bank(),
        paypal("ada@example.org"),
    ] {
        credit(&app, &ana, 50_000).await;
        ids.push(withdrawn(&app, &token, &body).await["id"].clone());
    }

    let first = get(&app, "/withdrawals?limit=2", &token).await;
    let cursor = first["next_cursor"]
        .as_str()
        .expect("a next page")
        .to_owned();
    let second = get(
        &app,
        &format!("/withdrawals?limit=2&cursor={cursor}"),
        &token,
    )
    .await;

    let listed: Vec<Value> = first["items"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["items"].as_array().unwrap())
        .cloned()
        .collect();
    assert_eq!(
        listed.iter().map(|w| w["id"].clone()).collect::<Vec<_>>(),
        ids.iter().rev().cloned().collect::<Vec<_>>()
    );
    assert_eq!(listed[1]["details"], "Ada Lovelace · IBAN •••• 3000");
    assert_eq!(listed[0]["details"], "ada@example.org");
    assert_eq!(second["next_cursor"], Value::Null);
    assert_eq!(
        get(&app, "/withdrawals", &bo_token).await["items"],
        json!([])
    );
    let signed_out = call(&app, Method::GET, "/withdrawals", "", None).await;
    assert_eq!(signed_out.status(), 401);
    assert_balances_match_ledger(&app).await;
}
