//! The operator commands (`backbeat ads|payouts|artists ...`) run as the built binary on a test
//! app's database and data directory while its server runs.

use std::process::{Command, Output};

use super::app::TestApp;

const BIN: &str = env!("CARGO_BIN_EXE_backbeat");

/// Runs `backbeat <args>` on the app's database and data directory, with `vars` set as well and
/// no configuration file or SMTP server from the environment (off the async threads, so the
/// server keeps answering).
pub async fn backbeat(app: &TestApp, args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .env("BACKBEAT_DATA_DIR", &app.data_dir)
        .env("BACKBEAT_DATABASE_URL", app.database_url())
        .env_remove("BACKBEAT_CONFIG")
        .env_remove("BACKBEAT_SMTP_URL")
        .envs(vars.iter().copied());
    tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap()
}

/// What a command that succeeded printed.
pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "exit {}: {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Runs `backbeat <args>` on no app at all (`keys generate`), with no configuration from the
/// environment.
pub async fn backbeat_alone(args: &[&str]) -> Output {
    let mut command = Command::new(BIN);
    command
        .args(args)
        .env_remove("BACKBEAT_CONFIG")
        .env_remove("BACKBEAT_DATA_DIR")
        .env_remove("BACKBEAT_DATABASE_URL");
    tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap()
}
