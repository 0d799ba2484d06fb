//! One fresh PostgreSQL database per test app, copied from a template that the app's own
//! migrations built once for this schema: copying takes a fraction of migrating.
//!
//! The template is named after a fingerprint of the migration files, so a changed migration
//! builds a new one, and runs of different checkouts never share a template of another schema.
//! One process builds it under an advisory lock while the others wait, then all copy it.

use backbeat::db::Db;
use sha2::{Digest, Sha256};
use sqlx::PgPool;

/// Serialises the building of templates across test processes (any constant will do).
const TEMPLATE_LOCK: i64 = 0x6261_636b_6265_6174;

/// A database created for one test app on the PostgreSQL test server.
pub struct PostgresDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl PostgresDatabase {
    pub async fn create(admin_url: String) -> Self {
        let admin = connect(&admin_url).await;
        let template = template(&admin, &admin_url).await;
        let name = format!("backbeat_test_{}", uuid::Uuid::now_v7().simple());
        execute(
            &admin,
            format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""),
        )
        .await;
        admin.close().await;
        let url = replace_database(&admin_url, &name);
        Self {
            admin_url,
            name,
            url,
        }
    }

    /// Drops the database from a thread of its own: `Drop` cannot await.
    pub fn drop_database(self) {
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async {
                if let Ok(Db::Postgres(pool)) = Db::connect(&self.admin_url).await {
                    let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name);
                    let _ = sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&pool).await;
                    pool.close().await;
                }
            });
        })
        .join()
        .expect("drop test database");
    }
}

async fn connect(url: &str) -> PgPool {
    match Db::connect(url)
        .await
        .expect("connect to TEST_DATABASE_URL")
    {
        Db::Postgres(pool) => pool,
        Db::Sqlite(_) => panic!("TEST_DATABASE_URL must be a postgres:// URL"),
    }
}

async fn execute(pool: &PgPool, sql: String) {
    sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
        .execute(pool)
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

async fn exists(pool: &PgPool, name: &str) -> bool {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(name)
        .fetch_one(pool)
        .await
        .expect("look up a database")
}

/// The name of the migrated template of the current schema, built when missing.
async fn template(admin: &PgPool, admin_url: &str) -> String {
    let name = format!("backbeat_template_{}", &fingerprint()[..16]);
    if exists(admin, &name).await {
        return name;
    }
    let mut lock = admin.acquire().await.expect("a connection for the lock");
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(TEMPLATE_LOCK)
        .execute(&mut *lock)
        .await
        .expect("take the template lock");
    if !exists(admin, &name).await {
        // Only the lock's holder builds, so a building database seen now was left by a build
        // that died half way.
        let leftovers: Vec<String> = sqlx::query_scalar(
            "SELECT datname FROM pg_database WHERE datname LIKE 'backbeat\\_building\\_%'",
        )
        .fetch_all(admin)
        .await
        .expect("list unfinished templates");
        for leftover in leftovers {
            execute(
                admin,
                format!("DROP DATABASE IF EXISTS \"{leftover}\" WITH (FORCE)"),
            )
            .await;
        }
        let building = format!("backbeat_building_{}", uuid::Uuid::now_v7().simple());
        execute(admin, format!("CREATE DATABASE \"{building}\"")).await;
        let db = Db::connect(&replace_database(admin_url, &building))
            .await
            .expect("connect to the template being built");
        db.migrate().await.expect("migrate the template");
        db.close().await;
        // Renamed only once complete: a template that exists is a migrated one.
        execute(
            admin,
            format!("ALTER DATABASE \"{building}\" RENAME TO \"{name}\""),
        )
        .await;
    }
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(TEMPLATE_LOCK)
        .execute(&mut *lock)
        .await
        .expect("release the template lock");
    name
}

/// A hash of the PostgreSQL migrations' file names and contents.
fn fingerprint() -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/postgres");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let mut hash = Sha256::new();
    for file in files {
        hash.update(file.file_name().unwrap().as_encoded_bytes());
        hash.update(std::fs::read(&file).unwrap());
    }
    hash.finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// `postgres://host/admin?x=y` with the database name replaced.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[scheme_end..]
        .find('/')
        .map_or(base.len(), |i| scheme_end + i);
    let mut out = format!("{}/{}", &base[..host_end], name);
    if let Some(query) = query {
        out.push('?');
        out.push_str(query);
    }
    out
}
