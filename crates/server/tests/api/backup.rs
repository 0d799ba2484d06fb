//! `backbeat backup --to FILE`, run as the built binary while the server runs: on SQLite a
//! checked, self-contained copy of the database that a server can start from; never over an
//! existing file; on PostgreSQL a refusal that points at pg_dump.

use crate::helpers::app::{TestApp, backend, spawn_app, spawn_app_on};
use crate::helpers::cli::{self, stdout};
use crate::helpers::http::get;
use crate::helpers::seed::{Seed, insert_track};

async fn backup_to(app: &TestApp, file: &std::path::Path) -> std::process::Output {
    cli::backbeat(app, &["backup", "--to", file.to_str().unwrap()], &[]).await
}

#[tokio::test]
async fn a_backup_taken_while_the_server_runs_restores_the_catalogue() {
    if backend() != "sqlite" {
        return; // The PostgreSQL run has its own test below.
    }
    let app = spawn_app().await;
    let session = app
        .sign_up("ana@example.com", "correct horse battery", "Ana")
        .await;
    let user = session["user"]["id"].as_str().unwrap().to_owned();
    let track = insert_track(&app, Seed::ready(&user, "Kept Safe", "Nova Static")).await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("nightly/backbeat-2026-11-26.db");

    let output = backup_to(&app, &file).await;

    let printed = stdout(&output);
    assert!(printed.contains("1 tracks, 1 users"), "{printed}");
    let written: Vec<_> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(
        written,
        [std::ffi::OsString::from("backbeat-2026-11-26.db")]
    );
    // A server started on the copy alone (no WAL beside it) has the account and the track.
    let restored = spawn_app_on("sqlite", |config| {
        config.database_url = Some(format!("sqlite://{}", file.display()));
    })
    .await;
    let there = restored
        .sign_in("ana@example.com", "correct horse battery")
        .await;
    let token = there["access_token"].as_str().unwrap();
    let shown = get(&restored, &format!("/tracks/{track}"), token).await;
    assert_eq!(shown["title"], "Kept Safe");
}

#[tokio::test]
async fn a_backup_never_overwrites_a_file() {
    if backend() != "sqlite" {
        return;
    }
    let app = spawn_app().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("backbeat.db");
    std::fs::write(&file, b"an older backup").unwrap();

    let output = backup_to(&app, &file).await;

    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("already exists"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"an older backup");
    assert_eq!(std::fs::read_dir(folder.path()).unwrap().count(), 1);
}

#[tokio::test]
async fn on_postgresql_the_command_points_at_pg_dump_and_writes_nothing() {
    if backend() != "postgres" {
        return; // The SQLite run has the tests above.
    }
    let app = spawn_app().await;
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("backbeat.db");

    let output = backup_to(&app, &file).await;

    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("pg_dump"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!file.exists());
}
