//! Money for payout tests: a balance credited through the app's own ledger, withdrawal
//! requests, and the check that every cached balance equals the sum of its ledger.

use backbeat::db::Timestamp;
use backbeat::ids::{HistoryId, TrackId, UserId};
use backbeat::money::Units;
use backbeat::payouts::ledger::{self, Change};
use reqwest::Method;
use serde_json::{Value, json};

use super::app::{TestApp, count};
use super::http::{api, get};

/// Credits `units` to the user through the ledger, as a counted play would (a play credit of
/// its own history row).
pub async fn credit(app: &TestApp, user_id: &str, units: i64) {
    let history_id = HistoryId::generate();
    let change = Change::PlayCredit {
        history_id: &history_id,
        track_id: &TrackId::from("seeded"),
    };
    let mut tx = app.db.begin().await.unwrap();
    ledger::record(
        &mut tx,
        &UserId::from(user_id),
        change,
        Units::new(units),
        Timestamp::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

/// Every cached balance equals the sum of its user's ledger rows, every user with ledger rows
/// has one, and none is negative.
pub async fn assert_balances_match_ledger(app: &TestApp) {
    let wrong = count(
        app,
        "SELECT COUNT(*) FROM balances b WHERE b.balance_units < 0 OR b.balance_units <> \
         (SELECT COALESCE(SUM(l.amount_units), 0) FROM ledger_entries l WHERE l.user_id = b.user_id)",
    )
    .await;
    assert_eq!(wrong, 0, "balances that differ from their ledger");
    let missing = count(
        app,
        "SELECT COUNT(DISTINCT l.user_id) FROM ledger_entries l \
         WHERE NOT EXISTS (SELECT 1 FROM balances b WHERE b.user_id = l.user_id)",
    )
    .await;
    assert_eq!(missing, 0, "ledgers without a balance");
}

/// `GET /me/balance`.
pub async fn balance(app: &TestApp, token: &str) -> Value {
    get(app, "/me/balance", token).await
}

pub async fn balance_units(app: &TestApp, token: &str) -> i64 {
    balance(app, token).await["balance_units"].as_i64().unwrap()
}

/// `POST /withdrawals` with `body`, and the `Idempotency-Key` when given.
pub async fn withdraw(
    app: &TestApp,
    token: &str,
    body: &Value,
    key: Option<&str>,
) -> reqwest::Response {
    let request = api(app, Method::POST, "/withdrawals", token).json(body);
    let request = match key {
        Some(key) => request.header("Idempotency-Key", key),
        None => request,
    };
    request.send().await.expect("request sent")
}

/// A withdrawal that must be accepted; answers it.
pub async fn withdrawn(app: &TestApp, token: &str, body: &Value) -> Value {
    let response = withdraw(app, token, body, None).await;
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body
}

pub fn paypal(email: &str) -> Value {
    json!({"method": "paypal", "details": email})
}

pub fn bank(account_name: &str, iban: &str, swift: &str) -> Value {
    json!({"method": "bank", "details": {"account_name": account_name, "iban": iban, "swift": swift}})
}

/// A valid bank transfer to Ada Lovelace (IBAN ending 3000).
pub fn ada_bank() -> Value {
    bank("Ada Lovelace", "DE89 3704 0044 0532 0130 00", "DEUTDEFF")
}
