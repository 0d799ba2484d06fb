use std::collections::BTreeMap;

use backbeat::db::{Db, Timestamp};

use crate::helpers::app::{backend, postgres_admin_url, spawn_app, spawn_app_on};

/// Table name -> column name -> nullable.
type Schema = BTreeMap<String, BTreeMap<String, bool>>;

async fn schema_of(db: &Db) -> Schema {
    let rows: Vec<(String, String, bool)> = match db {
        Db::Sqlite(pool) => sqlx::query_as(
            "SELECT m.name, p.name, p.\"notnull\" = 0 AND p.pk = 0
             FROM sqlite_master m JOIN pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name <> '_sqlx_migrations'",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT table_name::text, column_name::text, is_nullable = 'YES'
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'",
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
