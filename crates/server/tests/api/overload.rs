//! Overload is not an error: with every database connection busy, a request is answered 503
//! with `Retry-After` and the catalogue's `overloaded` body after the short acquire timeout,
//! and the same request succeeds once a connection is free again.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::app::spawn_app_with;

#[tokio::test]
async fn a_request_finding_no_free_connection_is_answered_503_with_retry_after() {
    let app = spawn_app_with(|config| {
        config.db_max_connections = 1;
        config.db_acquire_timeout_ms = 1000;
        // No background job may take the only connection between the steps below.
        config.job_workers = 0;
    })
    .await;
    let (_, token) = app.user("Ana").await;
    let tracks = || {
        app.client
            .get(app.url("/api/v1/tracks"))
            .bearer_auth(&token)
            .send()
    };

    // The pool's only connection, held by an open transaction.
    let held = app.db.begin().await.expect("the only connection");

    let busy = tracks().await.unwrap();
    assert_eq!(busy.status(), StatusCode::SERVICE_UNAVAILABLE);
    let retry_after = busy
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .expect("a Retry-After header")
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        retry_after.parse::<u64>().is_ok_and(|secs| secs >= 1),
        "Retry-After is a number of seconds: {retry_after:?}"
    );
    let body: Value = busy.json().await.unwrap();
    assert_eq!(body["code"], "overloaded");
    assert_eq!(
        body["error"],
        "Backbeat is busy right now. Please try again in a moment."
    );

    // The sign-in API answers in its own format, with the same status and header.
    let auth = app
        .client
        .get(app.url("/auth/v1/user"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(auth.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(auth.headers().contains_key(reqwest::header::RETRY_AFTER));

    drop(held);

    let served = tracks().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert!(served.headers().get(reqwest::header::RETRY_AFTER).is_none());
}

#[tokio::test]
async fn the_configuration_reads_the_pool_size_and_acquire_timeout_from_the_environment() {
    let env = [
        ("BACKBEAT_DB_MAX_CONNECTIONS", "3"),
        ("BACKBEAT_DB_ACQUIRE_TIMEOUT_MS", "750"),
    ];
    let config = backbeat::config::Config::load(None, &env).unwrap();

    let settings = config.pool_settings();
    assert_eq!(settings.max_connections, Some(3));
    assert_eq!(
        settings.acquire_timeout,
        std::time::Duration::from_millis(750)
    );

    let defaults = backbeat::config::Config::default().pool_settings();
    assert_eq!(defaults.max_connections, None);
    assert_eq!(defaults.acquire_timeout, std::time::Duration::from_secs(2));
}

/// SQLite's page cache and memory map per connection come from the configuration (defaults: 32
/// MiB of cache, SQLite's 2 GiB cap of map) and are what each connection of the pool runs with.
#[tokio::test]
async fn sqlite_connections_run_with_the_configured_cache_and_memory_map() {
    let env = [("BACKBEAT_DB_CACHE_MB", "8"), ("BACKBEAT_DB_MMAP_MB", "64")];
    let settings = backbeat::config::Config::load(None, &env)
        .unwrap()
        .pool_settings();
    assert_eq!((settings.sqlite_cache_mb, settings.sqlite_mmap_mb), (8, 64));
    let defaults = backbeat::config::Config::default().pool_settings();
    assert_eq!(
        (defaults.sqlite_cache_mb, defaults.sqlite_mmap_mb),
        (32, 2047)
    );

    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pragmas.db").display());
    let db = backbeat::db::Db::connect_with(&url, settings)
        .await
        .unwrap();
    let backbeat::db::Db::Sqlite(pool) = &db else {
        unreachable!("a sqlite:// URL opens SQLite")
    };
    let cache: i64 = sqlx::query_scalar("PRAGMA cache_size")
        .fetch_one(pool)
        .await
        .unwrap();
    let mmap: i64 = sqlx::query_scalar("PRAGMA mmap_size")
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(cache, -8 * 1024, "cache_size in KiB");
    assert_eq!(mmap, 64 * 1024 * 1024);
    db.close().await;
}
