//! `backbeat payouts list|complete|reject|export`, run as the built binary on the app's
//! database and data directory while the server runs: a pending withdrawal is completed or
//! rejected (its amount refunded through the ledger) once, the artist is mailed, and a second
//! transition is refused.

use std::process::Output;

use backbeat::db::Timestamp;
use backbeat::ids::{HistoryId, TrackId, UserId};
use backbeat::money::Units;
use backbeat::payouts::ledger::{self, Change};
use serde_json::Value;

use crate::helpers::app::{TestApp, count, spawn_app};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::get;
use crate::helpers::payouts::{
    ada_bank, assert_balances_match_ledger, balance_units, credit, paypal, withdrawn,
};
use crate::helpers::paypal::{CLIENT_ID, CLIENT_SECRET, FakePaypal};
use crate::helpers::seed::{Seed, insert_track};

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

// ---- what the operator sees before paying

/// Moves a user's account `days` into the past.
async fn joined_days_ago(app: &TestApp, user: &str, days: i64) {
    let at = Timestamp::now() - chrono::Duration::days(days);
    backbeat::on_db!(&app.db, pool => sqlx::query("UPDATE users SET created_at = $2 WHERE id = $1")
        .bind(user).bind(at).execute(pool).await.map(drop).unwrap());
}

/// A counted play of `track` by `listener`, `days` ago, credited to its uploader `artist`
/// (`units`, more than a play's 21 so a few make a withdrawal).
async fn credited_play(
    app: &TestApp,
    (artist, track): (&str, &str),
    listener: &str,
    days: i64,
    units: i64,
) {
    let at = Timestamp::now() - chrono::Duration::days(days);
    let history_id = HistoryId::generate();
    let mut tx = app.db.begin().await.unwrap();
    backbeat::on_tx!(&mut tx, conn => sqlx::query(
        "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
         VALUES ($1, $2, $3, $4, TRUE)")
        .bind(&history_id).bind(listener).bind(track).bind(at)
        .execute(conn).await.map(drop).unwrap());
    let change = Change::PlayCredit {
        history_id: &history_id,
        track_id: &TrackId::from(track),
    };
    ledger::record(
        &mut tx,
        &UserId::from(artist),
        change,
        Units::new(units),
        at,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

/// The last `n` columns of the line of `payouts list` about withdrawal `id`.
fn last_columns(listed: &str, id: &str, n: usize) -> Vec<String> {
    let line = listed
        .lines()
        .find(|line| line.starts_with(id))
        .unwrap_or_else(|| panic!("{id} is not listed: {listed}"));
    let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    words[words.len() - n..].to_vec()
}

#[tokio::test]
async fn the_list_shows_where_a_pending_withdrawals_credits_came_from() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let artist = (ana.as_str(), track.as_str());
    let (fresh, _) = app.user("Fresh").await;
    let (also_fresh, _) = app.user("Also Fresh").await;
    let (old, _) = app.user("Old").await;
    let (was_new, _) = app.user("Was New").await;
    joined_days_ago(&app, &old, 30).await;
    joined_days_ago(&app, &was_new, 10).await;
    // Paid by the previous withdrawal (6 days ago): not this one's.
    credited_play(&app, artist, &old, 8, 50_000).await;
    let paid = withdrawn(&app, &token, &paypal("ana@example.com")).await;
    let paid_id = paid["id"].as_str().unwrap();
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE withdrawals SET created_at = $2 WHERE id = $1")
        .bind(paid_id).bind(Timestamp::now() - chrono::Duration::days(6))
        .execute(pool).await.map(drop).unwrap());
    stdout(&payouts(&app, &["complete", paid_id]).await);
    // Since then: 6 credits, 5 of them by accounts under 7 days old at the play (Was New
    // was 5 days old), 3 of them by one listener.
    for _ in 0..3 {
        credited_play(&app, artist, &fresh, 0, 10_000).await;
    }
    credited_play(&app, artist, &also_fresh, 0, 10_000).await;
    credited_play(&app, artist, &old, 0, 10_000).await;
    credited_play(&app, artist, &was_new, 5, 10_000).await;
    let pending = withdrawn(&app, &token, &ada_bank()).await;

    let listed = stdout(&payouts(&app, &["list"]).await);

    let header = listed.lines().next().unwrap();
    assert!(
        header.ends_with("LISTENERS  NEW_ACCOUNTS  TOP_LISTENER"),
        "{header}"
    );
    let pending_id = pending["id"].as_str().unwrap();
    assert_eq!(
        last_columns(&listed, pending_id, 3),
        ["4", "83.3%", "50.0%"],
        "{listed}"
    );
    assert_eq!(
        last_columns(&listed, paid_id, 3),
        ["-", "-", "-"],
        "{listed}"
    );
}

/// A pending withdrawal stored with these details, as they were accepted before details were
/// bounded; answers its id.
async fn stored_withdrawal(app: &TestApp, user: &str, method: &str, details: &str) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "INSERT INTO withdrawals (id, user_id, amount_units, method, details, status, created_at) \
         VALUES ($1, $2, 50000, $3, $4, 'pending', $5)")
        .bind(&id).bind(user).bind(method).bind(details).bind(Timestamp::now())
        .execute(pool).await.map(drop).unwrap());
    id
}

#[tokio::test]
async fn the_list_and_the_export_survive_any_text_a_user_stored() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let huge = format!(
        r#"{{"accountName":"{}","iban":"DE89370400440532013000","swift":"DEUTDEFF"}}"#,
        "A".repeat(900_000)
    );
    let huge_id = stored_withdrawal(&app, &ana, "bank", &huge).await;
    let wide = "音楽\u{1b}[2J\u{202E}".repeat(300);
    let wide_id = stored_withdrawal(&app, &ana, "paypal", &wide).await;
    let formula = "=HYPERLINK(\"http://evil.example\")";
    let formula_id = stored_withdrawal(&app, &ana, "paypal", formula).await;
    stored_withdrawal(&app, &ana, "paypal", "-2+3@example.com").await;

    let listed = stdout(&payouts(&app, &["list"]).await);

    assert_eq!(
        listed.lines().count(),
        5,
        "one line per withdrawal: {listed}"
    );
    assert!(
        !listed.contains('\u{1b}') && !listed.contains('\u{202E}'),
        "{listed}"
    );
    let huge_line = listed.lines().find(|l| l.starts_with(&huge_id)).unwrap();
    assert!(huge_line.contains("AAAA…"), "{huge_line}");
    assert!(huge_line.chars().count() < 1_000, "{huge_line}");
    let wide_line = listed.lines().find(|l| l.starts_with(&wide_id)).unwrap();
    assert!(
        wide_line.contains("音楽\u{FFFD}[2J\u{FFFD}") && wide_line.contains('…'),
        "{wide_line}"
    );

    let csv = stdout(&payouts(&app, &["export", "--csv"]).await);

    let formula_line = csv.lines().find(|l| l.starts_with(&formula_id)).unwrap();
    assert!(
        formula_line.contains(r#","'=HYPERLINK(""http://evil.example"")","#),
        "{formula_line}"
    );
    assert!(csv.contains(",'-2+3@example.com,"), "{csv}");
    assert!(
        csv.contains(&"A".repeat(900_000)),
        "the export keeps the full details"
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
