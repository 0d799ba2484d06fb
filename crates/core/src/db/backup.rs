//! An online backup of the embedded database (`backbeat backup --to FILE`), taken while the
//! server runs.
//!
//! SQLite's `VACUUM INTO` writes a consistent copy of the database as of one read transaction
//! (WAL mode lets the server go on writing meanwhile) into a new file, compacted, without the
//! WAL beside it: the copy is a complete database on its own. It is written under a temporary
//! name next to the target and renamed into place once checked, so an interrupted backup never
//! leaves a partial file under the name an operator would restore from. PostgreSQL has its own
//! tools (`pg_dump`); docs/OPERATIONS.md says how to back up each set-up.

use std::path::{Path, PathBuf};

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};

use super::Db;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "backbeat backup copies the embedded SQLite database; on PostgreSQL use pg_dump \
         (docs/OPERATIONS.md, \"Backups\")"
    )]
    NotSqlite,
    #[error("{0} already exists: choose a new file, a backup never overwrites one")]
    TargetExists(PathBuf),
    #[error("cannot write the backup: {0}")]
    Io(#[from] std::io::Error),
    #[error("the backup failed: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the copy failed its integrity check ({0}); nothing was kept")]
    Corrupt(String),
}

/// What a backup wrote.
#[derive(Debug)]
pub struct Backup {
    pub path: PathBuf,
    pub bytes: u64,
    pub tracks: i64,
    pub users: i64,
}

/// Copies the SQLite database behind `db` into the new file `to`, checks the copy and answers
/// what it holds.
pub async fn backup(db: &Db, to: &Path) -> Result<Backup, BackupError> {
    let Db::Sqlite(pool) = db else {
        return Err(BackupError::NotSqlite);
    };
    if to.exists() {
        return Err(BackupError::TargetExists(to.to_owned()));
    }
    let folder = match to.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder)?;
    // A name of our own beside the target (same file system, so the rename is atomic); removed
    // on every path that does not rename it.
    let partial = tempfile::Builder::new()
        .prefix(".backbeat-backup-")
        .suffix(".partial")
        .tempfile_in(&folder)?
        .into_temp_path();
    // VACUUM INTO refuses an existing non-empty file only; the empty placeholder is replaced.
    sqlx::query("VACUUM INTO $1")
        .bind(partial.to_string_lossy().into_owned())
        .execute(pool)
        .await?;
    let (tracks, users) = check(&partial).await?;
    let bytes = std::fs::metadata(&partial)?.len();
    partial
        .persist_noclobber(to)
        .map_err(|err| match err.error.kind() {
            std::io::ErrorKind::AlreadyExists => BackupError::TargetExists(to.to_owned()),
            _ => BackupError::Io(err.error),
        })?;
    Ok(Backup {
        path: to.to_owned(),
        bytes,
        tracks,
        users,
    })
}

/// Opens the copy read-only and asks SQLite to check every page and index; answers the number
/// of tracks and of users it holds.
async fn check(copy: &Path) -> Result<(i64, i64), BackupError> {
    let mut connection = SqliteConnectOptions::new()
        .filename(copy)
        .read_only(true)
        .connect()
        .await?;
    let verdict: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut connection)
        .await?;
    if verdict != "ok" {
        return Err(BackupError::Corrupt(verdict));
    }
    let tracks: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tracks")
        .fetch_one(&mut connection)
        .await?;
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&mut connection)
        .await?;
    connection.close().await?;
    Ok((tracks, users))
}
