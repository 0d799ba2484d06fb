use std::collections::BTreeMap;

use backbeat::db::{Db, Timestamp};

use crate::helpers::app::{backend, postgres_admin_url, spawn_app, spawn_app_on};

/// Table name -> column name -> nullable. Each backend's own text index for search (SQLite's
/// FTS5 table `tracks_search` and its shadow tables, PostgreSQL's `tracks.search_vector`) is
/// left out: they differ by design.
type Schema = BTreeMap<String, BTreeMap<String, bool>>;

async fn schema_of(db: &Db) -> Schema {
    let rows: Vec<(String, String, bool)> = match db {
        Db::Sqlite(pool) => sqlx::query_as(
            "SELECT m.name, p.name, p.\"notnull\" = 0 AND p.pk = 0
             FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'
               AND m.name NOT LIKE 'tracks_search%'",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT table_name::text, column_name::text, is_nullable = 'YES'
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'
               AND NOT (table_name = 'tracks' AND column_name = 'search_vector')",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let mut schema = Schema::new();
    for (table, column, nullable) in rows {
        schema.entry(table).or_default().insert(column, nullable);
    }
    schema
}

#[tokio::test]
async fn sqlite_and_postgres_migrations_build_the_same_tables_and_columns() {
    let Some(_) = postgres_admin_url() else {
        eprintln!(
            "skipped: TEST_DATABASE_URL is not set, so there is no PostgreSQL to compare with"
        );
        return;
    };
    let sqlite = spawn_app_on("sqlite", |_| {}).await;
    let postgres = spawn_app_on("postgres", |_| {}).await;

    let sqlite_schema = schema_of(&sqlite.db).await;
    let postgres_schema = schema_of(&postgres.db).await;

    assert_eq!(sqlite_schema, postgres_schema);
}

#[tokio::test]
async fn sqlite_runs_with_wal_and_foreign_keys() {
    if backend() != "sqlite" {
        return;
    }
    let app = spawn_app().await;
    let Db::Sqlite(pool) = &app.db else {
        unreachable!()
    };

    let journal: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(pool)
        .await
        .unwrap();
    let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
        .fetch_one(pool)
        .await
        .unwrap();

    assert_eq!(journal, "wal");
    assert_eq!(foreign_keys, 1);
}

#[tokio::test]
async fn timestamps_round_trip_and_sort_in_time_order_on_both_backends() {
    let app = spawn_app().await;
    let earlier = Timestamp::now();
    let later = earlier + chrono::Duration::milliseconds(1500);
    let whole_second = Timestamp::from(chrono::DateTime::from_timestamp(2_000_000_000, 0).unwrap());

    let (same, ordered): (bool, bool) = backbeat::on_db!(&app.db, pool => {
        let back: Timestamp = sqlx::query_scalar("SELECT $1").bind(earlier).fetch_one(pool).await.unwrap();
        let ordered: bool = sqlx::query_scalar("SELECT $1 < $2 AND $2 < $3")
            .bind(earlier)
            .bind(later)
            .bind(whole_second)
            .fetch_one(pool)
            .await
            .unwrap();
        (back == earlier, ordered)
    });

    assert!(same, "read back a different instant");
    assert!(ordered, "comparison disagrees with time order");
}

#[tokio::test]
async fn sqlite_gets_planner_statistics_when_the_app_starts() {
    if backend() != "sqlite" {
        return;
    }
    let app = spawn_app().await;

    let analysed: bool = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1')")
        .fetch_one(pool).await.unwrap());

    assert!(analysed, "no sqlite_stat1: the planner has no statistics");
}

/// The plan of the catalog listing after a cursor: the keyset condition must bound the range
/// read from the index `(status, created_at, id)`, not filter every newer row.
#[tokio::test]
async fn catalog_listing_after_a_cursor_is_an_index_range_on_both_backends() {
    let app = spawn_app().await;
    let sql = backbeat::catalog::browse::store::NEWEST_AFTER;
    let (at, id, limit) = (
        Timestamp::now(),
        "0190f0a0-0000-7000-8000-000000000000",
        50_i64,
    );

    match &app.db {
        Db::Sqlite(pool) => {
            let plan: Vec<(i64, i64, i64, String)> =
                sqlx::query_as(sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {sql}")))
                    .bind(at)
                    .bind(id)
                    .bind(limit)
                    .fetch_all(pool)
                    .await
                    .unwrap();
            let plan: Vec<String> = plan.into_iter().map(|row| row.3).collect();
            assert!(
                plan.iter().any(|line| line.contains(
                    "USING INDEX tracks_status_created (status=? AND (created_at,id)<(?,?))"
                )),
                "the cursor does not bound the index range: {plan:#?}"
            );
            assert!(
                !plan.iter().any(|line| line.contains("TEMP B-TREE")),
                "the listing sorts instead of reading the index in order: {plan:#?}"
            );
        }
        Db::Postgres(pool) => {
            let mut tx = pool.begin().await.unwrap();
            // The test table is nearly empty, where a sequential scan is cheapest: what matters is
            // which condition the index can bound.
            sqlx::query("SET LOCAL enable_seqscan = off")
                .execute(&mut *tx)
                .await
                .unwrap();
            let plan: Vec<String> =
                sqlx::query_scalar(sqlx::AssertSqlSafe(format!("EXPLAIN {sql}")))
                    .bind(at)
                    .bind(id)
                    .bind(limit)
                    .fetch_all(&mut *tx)
                    .await
                    .unwrap();
            let plan = plan.join("\n");
            assert!(
                plan.contains("tracks_status_created"),
                "the listing does not read its index: {plan}"
            );
            assert!(
                plan.lines().any(|line| line.contains("Index Cond:")
                    && line.contains("ROW(created_at, id) < ROW(")),
                "the cursor does not bound the index range: {plan}"
            );
            assert!(!plan.contains("Sort"), "the listing sorts: {plan}");
        }
    }
}

/// A pooled connection is not checked before each use (that would cost a round trip per
/// statement), but one that has sat idle is: when the server ended it meanwhile (a restart, an
/// idle timeout), the next request gets a new connection rather than an error.
#[tokio::test]
async fn a_connection_the_server_ended_while_it_was_idle_is_replaced_before_use() {
    if backend() != "postgres" {
        return;
    }
    let url = postgres_admin_url().expect("TEST_DATABASE_URL");
    let settings = backbeat::db::PoolSettings {
        max_connections: Some(1),
        ping_idle_after: std::time::Duration::ZERO,
        ..backbeat::db::PoolSettings::default()
    };
    let db = Db::connect_with(&url, settings).await.unwrap();
    let Db::Postgres(pool) = &db else {
        unreachable!()
    };
    let first: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(pool)
        .await
        .unwrap();

    let admin = Db::connect(&url).await.unwrap();
    let Db::Postgres(admin) = &admin else {
        unreachable!()
    };
    let ended: bool = sqlx::query_scalar("SELECT pg_terminate_backend($1, 5000)")
        .bind(first)
        .fetch_one(admin)
        .await
        .unwrap();
    assert!(ended);

    let second: i32 = sqlx::query_scalar("SELECT pg_backend_pid()")
        .fetch_one(pool)
        .await
        .expect("the ended connection was handed out");
    assert_ne!(second, first);
}
