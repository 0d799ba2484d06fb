//! The database: one set of SQL for SQLite (the embedded default) and PostgreSQL (for scale).
//!
//! Queries are written once, with `$1`-style placeholders that both backends accept, and run on
//! whichever pool the URL selected through [`on_db!`](crate::on_db) and [`on_tx!`](crate::on_tx).
//! Column types are restricted to what both backends encode the same way: `TEXT` ids (UUIDv7),
//! `BIGINT` integers and money units, `BOOLEAN`, and [`Timestamp`].

pub mod backup;
pub mod page;
mod timestamp;

use std::str::FromStr;
use std::time::Duration;

use sqlx::pool::PoolOptions;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Connection, Postgres, Sqlite, Transaction};

pub use timestamp::Timestamp;

/// A pool on one of the two supported backends.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// An open transaction on one of the two backends. Dropping it without [`Tx::commit`] rolls back.
#[derive(Debug)]
pub enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs `$body` with `$conn` bound to the backend's pool. The body is compiled once per backend,
/// so generic sqlx calls (`query`, `query_as`, `bind`, `fetch_*`) work unchanged on both.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $conn:ident => $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($conn) => $body,
            $crate::db::Db::Postgres($conn) => $body,
        }
    };
}

/// Like [`on_db!`], inside a transaction: `$conn` is the transaction's connection.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite(tx) => {
                let $conn = &mut **tx;
                $body
            }
            $crate::db::Tx::Postgres(tx) => {
                let $conn = &mut **tx;
                $body
            }
        }
    };
}

const SQLITE_MAX_CONNECTIONS: u32 = 8;
const POSTGRES_MAX_CONNECTIONS: u32 = 16;
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// How long opening a pool waits for its first connection. Longer than a request's acquire
/// timeout: a request that cannot get a connection soon is better answered 503 at once, but a
/// server (or a test's app) starting on a busy machine should wait for its database, not fail.
pub const FIRST_CONNECTION_TIMEOUT: Duration = Duration::from_secs(30);
/// SQLite's page cache per connection, in MiB, by default (`BACKBEAT_DB_CACHE_MB`).
pub const SQLITE_CACHE_MB: u32 = 32;
/// How much of the SQLite file each connection maps, in MiB, by default (`BACKBEAT_DB_MMAP_MB`):
/// SQLite's own cap. Pages of the index a search walks are then read from the system's cache
/// in place, instead of a system call and a copy into each connection's cache.
pub const SQLITE_MMAP_MB: u32 = 2047;

/// How a pool is sized and how long a caller waits for one of its connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolSettings {
    /// At most this many connections; `None` picks the backend's default.
    pub max_connections: Option<u32>,
    /// A caller still waiting for a connection after this long gets
    /// [`sqlx::Error::PoolTimedOut`], which requests answer 503 (the server is busy).
    pub acquire_timeout: Duration,
    /// SQLite: each connection's page cache, in MiB.
    pub sqlite_cache_mb: u32,
    /// SQLite: how much of the file each connection reads through a memory map, in MiB.
    pub sqlite_mmap_mb: u32,
    /// A connection idle for longer than this is checked before it is used again
    /// ([`PING_IDLE_AFTER`]).
    pub ping_idle_after: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        Self {
            max_connections: None,
            acquire_timeout: Duration::from_secs(2),
            sqlite_cache_mb: SQLITE_CACHE_MB,
            sqlite_mmap_mb: SQLITE_MMAP_MB,
            ping_idle_after: PING_IDLE_AFTER,
        }
    }
}

/// By default, a pooled connection idle for longer than this is checked (a ping) before it is
/// used again. sqlx's own default pings every connection it hands out: one more round trip to
/// the database for every statement, on the request's path. A connection in steady use is known
/// to be alive (sqlx also checks it as it goes back to the pool); one that sat idle may have been
/// dropped by the server or the network since, and is then replaced before a request sees it
/// fail.
pub const PING_IDLE_AFTER: Duration = Duration::from_secs(30);

/// `options` with connections checked before use only once idle for longer than `idle_after`.
/// A connection that fails the check is closed, and the caller gets another one.
fn ping_only_idle<DB: sqlx::Database>(
    options: PoolOptions<DB>,
    idle_after: Duration,
) -> PoolOptions<DB> {
    options
        .test_before_acquire(false)
        .before_acquire(move |conn, meta| {
            Box::pin(async move {
                if meta.idle_for > idle_after {
                    conn.ping().await?;
                }
                Ok(true)
            })
        })
}

/// Opens the first connection of a new pool, asking again while the pool's own acquire timeout
/// runs out, for at most [`FIRST_CONNECTION_TIMEOUT`]; any other error is returned at once.
async fn first_connection<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) -> Result<(), sqlx::Error> {
    let deadline = std::time::Instant::now() + FIRST_CONNECTION_TIMEOUT;
    loop {
        match pool.acquire().await {
            Ok(_) => return Ok(()),
            Err(sqlx::Error::PoolTimedOut) if std::time::Instant::now() < deadline => {}
            Err(err) => return Err(err),
        }
    }
}

impl Db {
    /// Connects to `url` with the default [`PoolSettings`].
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        Self::connect_with(url, PoolSettings::default()).await
    }

    /// Connects to `url`: `postgres://` / `postgresql://` select PostgreSQL, anything else SQLite
    /// (the file and its folder are created when missing).
    pub async fn connect_with(url: &str, settings: PoolSettings) -> Result<Self, sqlx::Error> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = ping_only_idle(PgPoolOptions::new(), settings.ping_idle_after)
                .max_connections(settings.max_connections.unwrap_or(POSTGRES_MAX_CONNECTIONS))
                .acquire_timeout(settings.acquire_timeout)
                .connect_lazy(url)?;
            first_connection(&pool).await?;
            return Ok(Self::Postgres(pool));
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            // A negative cache_size is in KiB.
            .pragma(
                "cache_size",
                format!("-{}", u64::from(settings.sqlite_cache_mb.max(1)) * 1024),
            )
            .pragma(
                "mmap_size",
                (u64::from(settings.sqlite_mmap_mb) * 1024 * 1024).to_string(),
            );
        if let Some(parent) = options.get_filename().parent() {
            std::fs::create_dir_all(parent)?;
        }
        let pool = ping_only_idle(SqlitePoolOptions::new(), settings.ping_idle_after)
            .max_connections(settings.max_connections.unwrap_or(SQLITE_MAX_CONNECTIONS))
            .acquire_timeout(settings.acquire_timeout)
            .connect_lazy_with(options);
        first_connection(&pool).await?;
        Ok(Self::Sqlite(pool))
    }

    pub fn backend(&self) -> Backend {
        match self {
            Self::Sqlite(_) => Backend::Sqlite,
            Self::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the pending migrations of this backend.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self {
            Self::Sqlite(pool) => backbeat_migrations::SQLITE.run(pool).await,
            Self::Postgres(pool) => backbeat_migrations::POSTGRES.run(pool).await,
        }
    }

    /// Keeps SQLite's planner statistics (`sqlite_stat1`) current, so that it picks the
    /// selective index rather than scanning: `ANALYZE` when the database has never been analysed,
    /// then `PRAGMA optimize` over every table, which re-analyses the tables whose size changed
    /// much. Each analysis samples at most 400 rows per index, so it stays cheap at any size. Run
    /// when the database is opened (after the migrations) and hourly. PostgreSQL keeps its own
    /// statistics (autovacuum), so there it does nothing.
    pub async fn optimize(&self) -> Result<(), sqlx::Error> {
        let Self::Sqlite(pool) = self else {
            return Ok(());
        };
        // The pragmas apply to one connection: all of them run on the same one.
        let mut conn = pool.acquire().await?;
        sqlx::query("PRAGMA analysis_limit = 400")
            .execute(&mut *conn)
            .await?;
        let analysed: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat1')",
        )
        .fetch_one(&mut *conn)
        .await?;
        if !analysed {
            sqlx::query("ANALYZE").execute(&mut *conn).await?;
        }
        // 0x10000: every table, not only those this connection used; 0x02: ANALYZE where needed.
        sqlx::query("PRAGMA optimize = 0x10002")
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    /// Refreshes the planner statistics of `tables` now, after a bulk change (a rebuild that
    /// replaced every row): PostgreSQL's autovacuum would get to them only later, and until then
    /// plans are chosen from the old row counts. `tables` are names from the code, never input.
    pub async fn analyze(&self, tables: &[&str]) -> Result<(), sqlx::Error> {
        for table in tables {
            let sql = format!("ANALYZE {table}");
            on_db!(self, pool => sqlx::query(sqlx::AssertSqlSafe(sql)).execute(pool).await.map(drop))?;
        }
        Ok(())
    }

    /// Answers whether the database serves queries.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(drop))
    }

    /// Starts a transaction. On SQLite it takes the write lock up front (`BEGIN IMMEDIATE`), so two
    /// transactions that read and then write can never deadlock on the lock upgrade; they queue on
    /// the busy timeout instead.
    pub async fn begin(&self) -> Result<Tx, sqlx::Error> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Self::Postgres(pool) => Tx::Postgres(pool.begin().await?),
        })
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await);
    }
}

impl Tx {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Self::Sqlite(tx) => tx.commit().await,
            Self::Postgres(tx) => tx.commit().await,
        }
    }
}

/// True when the error is a violated unique or primary-key constraint.
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Whether the error is a foreign key violation (the row referred to is gone).
pub fn is_foreign_key_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_foreign_key_violation())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Connection;

    /// A server starting on a busy machine: its database answers only after longer than a
    /// request may wait for a connection. Opening the pool waits for it instead of failing.
    #[tokio::test]
    async fn opening_a_pool_waits_longer_for_its_first_connection_than_a_request_would() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite");
        let url = format!("sqlite://{}", path.display());
        // Another process holds the file locked (in the rollback-journal mode a new file has),
        // so a new connection cannot even read the schema until it lets go.
        let mut holder = sqlx::sqlite::SqliteConnection::connect_with(
            &SqliteConnectOptions::from_str(&url)
                .unwrap()
                .create_if_missing(true),
        )
        .await
        .unwrap();
        sqlx::raw_sql("BEGIN EXCLUSIVE; CREATE TABLE held (x INTEGER)")
            .execute(&mut holder)
            .await
            .unwrap();
        let release = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            sqlx::raw_sql("COMMIT").execute(&mut holder).await.unwrap();
            holder
        });

        let settings = PoolSettings {
            acquire_timeout: Duration::from_millis(200),
            ..PoolSettings::default()
        };
        let db = Db::connect_with(&url, settings).await.unwrap();
        db.ping().await.unwrap();
        release.await.unwrap();
    }
}
