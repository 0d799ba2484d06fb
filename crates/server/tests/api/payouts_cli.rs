//! `backbeat payouts list|complete|reject|export`, run as the built binary on the app's
//! database and data directory while the server runs: a pending withdrawal is completed or
//! rejected (its amount refunded through the ledger) once, the artist is mailed, and a second
//! transition is refused.

use std::process::Output;

use serde_json::Value;

use crate::helpers::app::{TestApp, count, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::get;
use crate::helpers::payouts::{
    ada_bank, assert_balances_match_ledger, balance_units, credit, paypal, withdrawn,
};
use crate::helpers::paypal::{CLIENT_ID, CLIENT_SECRET, FakePaypal};

/// Runs `backbeat payouts <args>` on the app's database and data directory.
async fn payouts(app: &TestApp, args: &[&str]) -> Output {
    payouts_with(app, args, &[]).await
}

/// Runs `backbeat payouts <args>` with these variables set as well.
async fn payouts_with(app: &TestApp, args: &[&str], vars: &[(&str, &str)]) -> Output {
    cli::backbeat(app, &[&["payouts"], args].concat(), vars).await
}

/// The command failed and said why.
fn refused(output: &Output) -> String {
    assert!(!output.status.success(), "the command succeeded");
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A user with one pending withdrawal of 6.00 EUR; answers (token, withdrawal).
async fn pending_withdrawal(app: &TestApp, body: &Value) -> (String, Value) {
    let (user, token) = app.user("Ada").await;
    credit(app, &user, 60_042).await;
    let withdrawal = withdrawn(app, &token, body).await;
    (token, withdrawal)
}

async fn mine(app: &TestApp, token: &str) -> Value {
    get(app, "/withdrawals", token).await["items"][0].clone()
}

#[tokio::test]
async fn a_completed_withdrawal_is_mailed_and_cannot_change_again() {
    let app = spawn_app().await;
    let (token, withdrawal) = pending_withdrawal(&app, &paypal("ada@example.com")).await;
    let id = withdrawal["id"].as_str().unwrap();
    let pending = stdout(&payouts(&app, &["list", "--status", "pending"]).await);
    assert!(
        pending.contains(id) && pending.contains("6.00"),
        "{pending}"
    );

    let done = stdout(&payouts(&app, &["complete", id]).await);

    assert!(done.contains("completed"), "{done}");
    let shown = mine(&app, &token).await;
    assert_eq!(shown["status"], "completed");
    assert!(shown["processed_at"].is_string());
    let mail = app.last_mail();
    assert!(mail.contains("Your withdrawal has been paid"), "{mail}");
    assert!(mail.contains("6.00 EUR by PayPal"), "{mail}");
    let twice = refused(&payouts(&app, &["complete", id]).await);
    assert!(
        twice.contains("is completed: only a pending withdrawal"),
        "{twice}"
    );
    let rejected = refused(&payouts(&app, &["reject", id, "--reason", "late"]).await);
    assert!(rejected.contains("is completed"), "{rejected}");
    assert_eq!(balance_units(&app, &token).await, 42);
    assert!(
        stdout(&payouts(&app, &["list", "--status", "pending"]).await)
            .lines()
            .count()
            == 1
    );
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn a_rejected_withdrawal_returns_its_amount_and_tells_the_artist_why() {
    let app = spawn_app().await;
    let (token, withdrawal) = pending_withdrawal(&app, &ada_bank()).await;
    let id = withdrawal["id"].as_str().unwrap();

    let done = stdout(&payouts(&app, &["reject", id, "--reason", "The IBAN is closed."]).await);

    assert!(done.contains("6.00 EUR is back"), "{done}");
    assert_eq!(balance_units(&app, &token).await, 60_042);
    let shown = mine(&app, &token).await;
    assert_eq!(shown["status"], "rejected");
    assert_eq!(shown["reason"], "The IBAN is closed.");
    let mail = app.last_mail();
    assert!(mail.contains("Your withdrawal was rejected"), "{mail}");
    assert!(mail.contains("The IBAN is closed."), "{mail}");
    let refunds = count(
        &app,
        "SELECT COUNT(*) FROM ledger_entries WHERE kind = 'withdrawal_refund'",
    )
    .await;
    assert_eq!(refunds, 1);
    let again = refused(&payouts(&app, &["reject", id, "--reason", "again"]).await);
    assert!(
        again.contains("is rejected: only a pending withdrawal"),
        "{again}"
    );
    let complete = refused(&payouts(&app, &["complete", id]).await);
    assert!(complete.contains("is rejected"), "{complete}");
    assert_eq!(balance_units(&app, &token).await, 60_042);
    let unknown = refused(&payouts(&app, &["complete", "no-such-id"]).await);
    assert!(
        unknown.contains("no withdrawal with the id \"no-such-id\""),
        "{unknown}"
    );
    let no_reason = refused(&payouts(&app, &["reject", id, "--reason", " "]).await);
    assert!(no_reason.contains("--reason"), "{no_reason}");
    // The refunded balance can be withdrawn again.
    assert_eq!(
        withdrawn(&app, &token, &ada_bank()).await["amount_units"],
        60_000
    );
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn the_export_holds_every_withdrawal_with_its_full_details() {
    let app = spawn_app().await;
    let (_, bank) = pending_withdrawal(&app, &ada_bank()).await;
    let (_, by_paypal) = pending_withdrawal(&app, &paypal("ada@example.com")).await;

    let csv = stdout(&payouts(&app, &["export", "--csv"]).await);

    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "id,requested,status,amount_eur,method,email,details,processed,reason"
    );
    assert_eq!(lines.len(), 3);
    assert!(
        lines[1].starts_with(by_paypal["id"].as_str().unwrap()),
        "newest first: {csv}"
    );
    assert!(lines[1].contains(",pending,6.00,paypal,"), "{csv}");
    assert!(lines[2].starts_with(bank["id"].as_str().unwrap()));
    assert!(
        lines[2].contains("DE89370400440532013000") && lines[2].contains("DEUTDEFF"),
        "{csv}"
    );
}

// ---- the PayPal sender

fn paypal_vars(paypal: &FakePaypal) -> [(&'static str, String); 3] {
    [
        ("BACKBEAT_PAYPAL_CLIENT_ID", CLIENT_ID.to_owned()),
        ("BACKBEAT_PAYPAL_CLIENT_SECRET", CLIENT_SECRET.to_owned()),
        ("BACKBEAT_PAYPAL_API_URL", paypal.url.clone()),
    ]
}

async fn send_paypal(app: &TestApp, paypal: &FakePaypal, args: &[&str]) -> Output {
    let vars = paypal_vars(paypal);
    let vars: Vec<(&str, &str)> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut all = vec!["send-paypal"];
    all.extend_from_slice(args);
    payouts_with(app, &all, &vars).await
}

#[tokio::test]
async fn pending_paypal_withdrawals_are_paid_through_paypal_once_and_completed() {
    let app = spawn_app().await;
    let fake = FakePaypal::start().await;
    let (ada_token, ada) = pending_withdrawal(&app, &paypal("ada@example.com")).await;
    let (bo_token, bo) = pending_withdrawal(&app, &paypal("bo@example.com")).await;
    let (bank_token, _) = pending_withdrawal(&app, &ada_bank()).await;

    let sent = stdout(&send_paypal(&app, &fake, &[]).await);

    assert!(
        sent.contains(ada["id"].as_str().unwrap()) && sent.contains(bo["id"].as_str().unwrap()),
        "{sent}"
    );
    let payouts = fake.payouts();
    assert_eq!(payouts.len(), 2);
    let first = &payouts[0];
    assert_eq!(first["sender_batch_header"]["sender_batch_id"], ada["id"]);
    assert_eq!(first["items"][0]["receiver"], "ada@example.com");
    assert_eq!(
        first["items"][0]["amount"],
        serde_json::json!({"value": "6.00", "currency": "EUR"})
    );
    assert_eq!(
        payouts[1]["sender_batch_header"]["sender_batch_id"],
        bo["id"]
    );
    assert_eq!(mine(&app, &ada_token).await["status"], "completed");
    assert_eq!(mine(&app, &bo_token).await["status"], "completed");
    assert_eq!(mine(&app, &bank_token).await["status"], "pending");
    assert!(app.last_mail().contains("has been paid"));
    let again = stdout(&send_paypal(&app, &fake, &[]).await);
    assert_eq!(again, "No pending PayPal withdrawals.\n");
    assert_eq!(fake.payouts().len(), 2);
    assert_balances_match_ledger(&app).await;
}

#[tokio::test]
async fn a_payout_paypal_refuses_stays_pending_and_the_command_says_why() {
    let app = spawn_app().await;
    let fake = FakePaypal::start().await;
    let (token, withdrawal) = pending_withdrawal(&app, &paypal("ada@example.com")).await;
    let (_, bank) = pending_withdrawal(&app, &ada_bank()).await;
    fake.refuse_payouts();

    let failed = refused(&send_paypal(&app, &fake, &[]).await);

    assert!(
        failed.contains("Sender does not have sufficient funds."),
        "{failed}"
    );
    assert_eq!(mine(&app, &token).await["status"], "pending");
    assert_eq!(fake.batches(), 0);
    let not_paypal = refused(&send_paypal(&app, &fake, &[bank["id"].as_str().unwrap()]).await);
    assert!(not_paypal.contains("is a bank transfer"), "{not_paypal}");
    let unconfigured =
        refused(&payouts(&app, &["send-paypal", withdrawal["id"].as_str().unwrap()]).await);
    assert!(
        unconfigured.contains("BACKBEAT_PAYPAL_CLIENT_ID"),
        "{unconfigured}"
    );
    assert_balances_match_ledger(&app).await;
}
