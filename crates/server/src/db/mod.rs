//! The database: one set of SQL for SQLite (the embedded default) and PostgreSQL (for scale).
//!
//! Queries are written once, with `$1`-style placeholders that both backends accept, and run on
//! whichever pool the URL selected through [`on_db!`](crate::on_db) and [`on_tx!`](crate::on_tx).
//! Column types are restricted to what both backends encode the same way: `TEXT` ids (UUIDv7),
//! `BIGINT` integers and money units, `BOOLEAN`, and [`Timestamp`].

pub mod page;
mod timestamp;

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Postgres, Sqlite, Transaction};

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

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations/postgres");

const SQLITE_MAX_CONNECTIONS: u32 = 8;
const POSTGRES_MAX_CONNECTIONS: u32 = 16;
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

impl Db {
    /// Connects to `url`: `postgres://` / `postgresql://` select PostgreSQL, anything else SQLite
    /// (the file and its folder are created when missing).
    pub async fn connect(url: &str) -> Result<Self, sqlx::Error> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let pool = PgPoolOptions::new()
                .max_connections(POSTGRES_MAX_CONNECTIONS)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect(url)
                .await?;
            return Ok(Self::Postgres(pool));
        }
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        if let Some(parent) = options.get_filename().parent() {
            std::fs::create_dir_all(parent)?;
        }
        let pool = SqlitePoolOptions::new()
            .max_connections(SQLITE_MAX_CONNECTIONS)
            .acquire_timeout(ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await?;
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
            Self::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await,
            Self::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await,
        }
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
