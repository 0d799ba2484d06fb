use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_backbeat");

#[test]
fn help_lists_the_commands() {
    let output = Command::new(BIN).arg("--help").output().unwrap();

    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for command in ["serve", "migrate", "openapi", "--config"] {
        assert!(text.contains(command), "{command} missing from:\n{text}");
    }
}

#[test]
fn migrate_creates_the_sqlite_database_in_the_data_dir() {
    let dir = tempfile::tempdir().unwrap();

    let output = Command::new(BIN)
        .arg("migrate")
        .env("BACKBEAT_DATA_DIR", dir.path())
        .env_remove("BACKBEAT_DATABASE_URL")
        .output()
        .unwrap();

    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(dir.path().join("backbeat.db").is_file());
}

#[test]
fn a_bad_setting_stops_the_server_with_its_name() {
    let output = Command::new(BIN)
        .env("BACKBEAT_ADDR", "not-an-address")
        .output()
        .unwrap();

    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("BACKBEAT_ADDR"));
}

#[test]
fn openapi_prints_the_document() {
    let output = Command::new(BIN).arg("openapi").output().unwrap();

    assert!(output.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert!(doc["paths"]["/api/v1/plans"].is_object());
}

#[test]
fn serve_is_the_default_and_sigterm_stops_it_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .env("BACKBEAT_DATA_DIR", dir.path())
        .env("BACKBEAT_ADDR", "127.0.0.1:0")
        .env_remove("BACKBEAT_DATABASE_URL")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let started = Instant::now();
    let address = loop {
        let line = lines
            .next()
            .expect("the server logs before exiting")
            .unwrap();
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "no listening line"
        );
    };
    let health = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            crate::helpers::http::client()
                .get(format!("http://{address}/healthz"))
                .send()
                .await
                .unwrap()
                .status()
        })
    });
    assert_eq!(health.join().unwrap(), 200);

    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());

    let status = child.wait().unwrap();
    assert!(status.success(), "exit status {status}");
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(rest.iter().any(|l| l.contains("shutting down")), "{rest:?}");
}
